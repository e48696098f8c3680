import type { FavouriteItem, FavouriteList, FavouriteListFilter, FavouriteType } from '@school/contract/favourites';
import type { ErrorCode } from '@school/contract/errors';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueCaller } from '../../lib/catalogue-caller.js';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { localizedTags, toClassroomSummary, toCourseSummary, toExamSummary } from '../../lib/product-summaries.js';
import type { FavouritesRepository } from './favourites.repository.js';

type Caller = CatalogueCaller & { userId: number };

/** Each kind's own refusals, as its detail page answers them. */
const refusals: Record<FavouriteType, { missing: ErrorCode; hidden: ErrorCode }> = {
  COURSE: { missing: 'courseNotFound', hidden: 'courseNotPublished' },
  CLASSROOM: { missing: 'classroomNotFound', hidden: 'classroomNotPublished' },
  EXAM: { missing: 'examNotFound', hidden: 'examNotPublished' },
};

export function createFavouritesService(repository: FavouritesRepository) {
  /** The product a star names: missing from this school is the kind's 404. */
  async function productOf(caller: Caller, type: FavouriteType, uid: string) {
    const product = await repository.findProduct(caller.tenantId, type, uid);
    if (product === null) throw new AppError(refusals[type].missing);
    return product;
  }

  return {
    /** Stars a product the learner can see (an unpublished or closed one answers its 403). */
    async star(caller: Caller, type: FavouriteType, uid: string): Promise<void> {
      const product = await productOf(caller, type, uid);
      if (product.status === 'UNPUBLISHED' || product.status === 'CLOSED') throw new AppError(refusals[type].hidden);
      await repository.star(caller, type, product.id);
    },

    /** Unstars it, whatever its status now: a learner can always take back a star. */
    async unstar(caller: Caller, type: FavouriteType, uid: string): Promise<void> {
      const product = await productOf(caller, type, uid);
      await repository.unstar(caller, type, product.id);
    },

    async isStarred(caller: Caller, type: FavouriteType, uid: string): Promise<boolean> {
      const product = await productOf(caller, type, uid);
      return repository.isStarred(caller, type, product.id);
    },

    async list(caller: Caller, query: FavouriteListFilter): Promise<FavouriteList> {
      const page = pageWindow(query);
      let items: FavouriteItem[];
      let total: number;
      if (query.type === 'COURSE') {
        const found = await repository.courses(caller, page);
        total = found.total;
        items = found.rows.map(({ tags, favouritedAt, ...row }) => ({
          type: 'COURSE',
          favouritedAt: favouritedAt.toISOString(),
          course: toCourseSummary(row, localizedTags(tags, caller), caller),
        }));
      } else if (query.type === 'CLASSROOM') {
        const found = await repository.classrooms(caller, page);
        total = found.total;
        items = found.rows.map(({ favouritedAt, ...row }) => ({
          type: 'CLASSROOM',
          favouritedAt: favouritedAt.toISOString(),
          classroom: toClassroomSummary(row, caller),
        }));
      } else {
        const found = await repository.exams(caller, page);
        total = found.total;
        items = found.rows.map(({ favouritedAt, ...row }) => ({
          type: 'EXAM',
          favouritedAt: favouritedAt.toISOString(),
          exam: toExamSummary(row, caller),
        }));
      }
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
