import { favouritePaths, type FavouriteType } from '@school/contract/favourite-paths';
import type { FavouriteList } from '@school/contract/favourites';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { favouriteKeys } from '../../../lib/favourite-keys';

/** GET /api/me/favourites?type=…: the learner's starred products of one type, newest star first. */
export function useMyFavourites(type: FavouriteType) {
  return useInfiniteQuery({
    queryKey: favouriteKeys.list(type),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<FavouriteList>(favouritePaths.myFavourites, {
        query: { type, page: pageParam, pageSize: 10 },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}
