import type { ArticleDetail, ArticleList, ArticleSummary, ArticleTab } from '@school/contract/articles';
import type { Locale } from '@school/contract/enums';
import { AppError } from '../../lib/app-error.js';
import { localize, type LocalizedText } from '../../lib/localized-text.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { ArticlesRepository } from './articles.repository.js';

// Ids are int4 in the database; a larger number cannot name an article (and must not reach SQL).
const maxId = 2_147_483_647;

export interface ArticleListParams {
  tab: ArticleTab;
  keyword: string | undefined;
  page: number;
  pageSize: number;
}

interface SummaryRow {
  id: number;
  title: LocalizedText;
  summary: LocalizedText;
  cover: string | null;
  author: LocalizedText;
  viewCount: number;
  publishedAt: Date;
}

function toSummary(row: SummaryRow, locale: Locale): ArticleSummary {
  return {
    id: row.id,
    title: localize(row.title, locale),
    summary: localize(row.summary, locale),
    cover: row.cover,
    author: localize(row.author, locale),
    viewCount: row.viewCount,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export function createArticlesService(repository: ArticlesRepository) {
  return {
    async list(tenantId: number, params: ArticleListParams, locale: Locale): Promise<ArticleList> {
      const { rows, total } = await repository.listPublished(tenantId, {
        tab: params.tab,
        keyword: params.keyword,
        limit: params.pageSize,
        offset: (params.page - 1) * params.pageSize,
      });
      return {
        items: rows.map((row) => toSummary(row, locale)),
        total,
        page: params.page,
        pageSize: params.pageSize,
      };
    },

    async read(tenantId: number, id: number, locale: Locale): Promise<ArticleDetail> {
      // Unpublished, missing and another school's articles all answer alike.
      const row = id > maxId ? null : await repository.readPublished(tenantId, id);
      if (row === null) throw new AppError('articleNotFound');
      return { ...toSummary(row, locale), content: sanitizeRichText(localize(row.content, locale)) };
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
