import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { articles } from '../db/schema.js';
import { emptyText } from './import-courses.js';
import { richText, toLocalized } from './pack-text.js';
import type { PackClassroomsRead } from './read-classrooms.js';
import { syncByUid, type ImportCounts } from './sync-rows.js';

/*
 * A pack's articles by uid. One the pack no longer has is unpublished, not deleted: its address
 * and its reads stay, and it comes back when the pack names it again. How often an article was
 * read is the learners' and never written here.
 */
export async function importArticles(
  tx: Db,
  tenantId: number,
  packArticles: PackClassroomsRead['articles'],
): Promise<ImportCounts> {
  const synced = await syncByUid(
    tx,
    articles,
    eq(articles.tenantId, tenantId),
    packArticles.map((article) => ({
      uid: article.uid,
      values: () => ({
        tenantId,
        title: toLocalized(article.title),
        summary: toLocalized(article.summary),
        cover: article.cover ?? null,
        author: article.author === undefined ? emptyText : toLocalized(article.author),
        content: richText(article.content),
        published: true,
        recommendedSeq: article.recommended ?? null,
        publishedAt: new Date(article.publishedAt),
      }),
    })),
    async (gone) =>
      (
        await tx
          .update(articles)
          .set({ published: false })
          .where(and(inArray(articles.id, gone), eq(articles.published, true)))
          .returning({ id: articles.id })
      ).length,
  );
  return synced.counts;
}
