import type { OwnedProducts } from '@school/contract/learning';
import type { ProductType } from '@school/contract/orders';
import { apiPaths } from '@school/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useSessionUser } from './use-session-user';

/*
 * What the signed-in learner holds (GET /api/learning/owned), for catalogue cards that say
 * Joined instead of a price. Under the learning centre's prefix (['learning']), so what refreshes
 * the centre after an order refreshes this too (the join mutations ask for ['learning', 'owned']
 * themselves); per learner. A visitor asks nothing.
 */
const ownedKey = (viewer: number) => ['learning', 'owned', viewer] as const;

const listOf: Record<ProductType, keyof OwnedProducts> = { COURSE: 'courses', CLASSROOM: 'classrooms', EXAM: 'exams' };

/** Whether the signed-in learner holds the product (false for a visitor, and while unknown). */
export function useOwns(product: { type: ProductType; uid: string } | undefined): boolean {
  const viewer = useSessionUser()?.id ?? null;
  const owned = useQuery({
    queryKey: ownedKey(viewer ?? 0),
    queryFn: ({ signal }) => apiClient.get<OwnedProducts>(apiPaths.ownedProducts, { signal, silent: true }),
    enabled: viewer !== null && product !== undefined,
  });
  return product !== undefined && (owned.data?.[listOf[product.type]].includes(product.uid) ?? false);
}
