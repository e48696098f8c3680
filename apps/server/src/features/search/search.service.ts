import type { Currency, Locale } from '@school/contract/enums';
import type { SearchHit, SearchResult } from '@school/contract/search';
import type { SearchType } from '@school/contract/enums';
import sanitizeHtml from 'sanitize-html';
import { toPrice } from '../../lib/catalogue-format.js';
import { localize } from '../../lib/localized-text.js';
import type { SearchPageFilter, SearchRepository } from './search.repository.js';

export interface SearchParams {
  type: SearchType;
  keyword: string;
  page: number;
  pageSize: number;
}

/** Who is searching: the school (rows and currency) and the language of the answer. */
export interface SearchContext {
  tenantId: number;
  currency: Currency;
  locale: Locale;
}

const descriptionLength = 60;
const blockTag = /<\/?(?:p|br|li|ul|ol|h[1-6]|div|blockquote|tr|td|th|table)\b[^>]*>/gi;
const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * A line of plain text from a school's rich text (classroom intros, exam briefs): no tags, no
 * script bodies, blocks separated by a space, cut at a whole character (a word in English).
 */
export function plainExcerpt(html: string, maxLength = descriptionLength): string {
  const text = sanitizeHtml(html.replace(blockTag, ' $&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const cut = chars.slice(0, maxLength - 1).join('');
  // English reads better cut between words; Chinese has no spaces and is cut anywhere.
  const endsOnWord = chars[maxLength - 1] === ' ';
  const lastSpace = cut.lastIndexOf(' ');
  return `${!endsOnWord && lastSpace > 0 && lastSpace >= cut.length - 15 ? cut.slice(0, lastSpace) : cut}…`;
}

export function createSearchService(repository: SearchRepository) {
  async function hits(type: SearchType, filter: SearchPageFilter, { tenantId, currency, locale }: SearchContext) {
    switch (type) {
      case 'COURSE': {
        const { rows, total } = await repository.courses(tenantId, filter);
        const items = rows.map((row): SearchHit => ({
          type,
          key: row.uid,
          title: localize(row.title, locale),
          description: localize(row.subtitle, locale),
          image: row.cover,
          price: toPrice(row.priceCents, row.originalPriceCents, currency),
          startTime: null,
          lessonCount: row.lessonCount,
          studentCount: row.studentCount,
        }));
        return { items, total };
      }
      case 'PROJECT': {
        const { rows, total } = await repository.classrooms(tenantId, filter);
        const items = rows.map((row): SearchHit => ({
          type,
          key: row.uid,
          title: localize(row.title, locale),
          description: plainExcerpt(localize(row.intro, locale)),
          image: row.cover,
          price: toPrice(row.priceCents, row.originalPriceCents, currency),
          startTime: null,
          lessonCount: null,
          studentCount: null,
        }));
        return { items, total };
      }
      case 'EXAM': {
        const { rows, total } = await repository.exams(tenantId, filter);
        const items = rows.map((row): SearchHit => ({
          type,
          key: row.uid,
          title: localize(row.title, locale),
          description: plainExcerpt(localize(row.brief, locale)),
          image: row.cover,
          price: toPrice(row.priceCents, row.originalPriceCents, currency),
          startTime: null,
          lessonCount: null,
          studentCount: null,
        }));
        return { items, total };
      }
      case 'LIVE': {
        const { rows, total } = await repository.liveLessons(tenantId, filter);
        // A live lesson has no page of its own: the hit opens its course.
        const items = rows.map((row): SearchHit => ({
          type,
          key: row.courseUid,
          title: localize(row.title, locale),
          description: localize(row.courseTitle, locale),
          image: row.cover,
          price: null,
          startTime: row.startTime?.toISOString() ?? null,
          lessonCount: null,
          studentCount: null,
        }));
        return { items, total };
      }
      case 'TEACHER': {
        const { rows, total } = await repository.teachers(tenantId, filter);
        const items = rows.map((row): SearchHit => ({
          type,
          key: String(row.id),
          title: localize(row.name, locale),
          description: localize(row.title, locale),
          image: row.avatar,
          price: null,
          startTime: null,
          lessonCount: null,
          studentCount: null,
        }));
        return { items, total };
      }
    }
  }

  return {
    async search(params: SearchParams, context: SearchContext): Promise<SearchResult> {
      const page = { page: params.page, pageSize: params.pageSize };
      // Nothing typed yet: nothing found, without asking the database to match everything.
      if (params.keyword === '') return { items: [], total: 0, ...page };
      const filter = { keyword: params.keyword, limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
      return { ...(await hits(params.type, filter, context)), ...page };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
