import type { ArticleTab } from '@school/contract/articles';
import { and, asc, count, desc, eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { articles } from '../../db/schema.js';
import { containsPattern } from '../../lib/catalogue-format.js';
import { pageWithTotal, windowTotal } from '../../lib/catalogue-sql.js';

export interface ArticleListFilter {
  tab: ArticleTab;
  keyword: string | undefined;
  limit: number;
  offset: number;
}

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  author: articles.author,
  viewCount: articles.viewCount,
  publishedAt: articles.publishedAt,
};

// Every order ends on the id, so pages never repeat or skip a row whose sort value ties.
const orderByTab: Record<ArticleTab, SQL[]> = {
  latest: [desc(articles.publishedAt), desc(articles.id)],
  recommended: [asc(articles.recommendedSeq), asc(articles.id)],
  popular: [desc(articles.viewCount), desc(articles.id)],
};

export function createArticlesRepository(db: Db) {
  return {
    listPublished(tenantId: number, filter: ArticleListFilter) {
      const conditions = [eq(articles.tenantId, tenantId), eq(articles.published, true)];
      if (filter.keyword !== undefined) conditions.push(ilike(articles.searchText, containsPattern(filter.keyword)));
      if (filter.tab === 'recommended') conditions.push(isNotNull(articles.recommendedSeq));
      const where = and(...conditions);
      return pageWithTotal(
        db
          .select({ ...summaryColumns, total: windowTotal })
          .from(articles)
          .where(where)
          .orderBy(...orderByTab[filter.tab])
          .$dynamic(),
        filter,
        db.select({ n: count() }).from(articles).where(where),
      );
    },

    /** Counts one read and answers the article in the same statement, so parallel reads never lose a count. */
    async readPublished(tenantId: number, id: number) {
      const [row] = await db
        .update(articles)
        .set({ viewCount: sql`${articles.viewCount} + 1` })
        .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id), eq(articles.published, true)))
        .returning({ ...summaryColumns, content: articles.content });
      return row ?? null;
    },
  };
}

export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
