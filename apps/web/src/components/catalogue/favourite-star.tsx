import { favouritePaths, type FavouriteType } from '@school/contract/favourite-paths';
import type { FavouriteState } from '@school/contract/favourites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { favouriteKeys } from '../../lib/favourite-keys';
import { addMessages, useTranslation, type MessageLoader } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { StarIcon } from '../ui/star-icon';

/*
 * Its texts load from here rather than through the registry's loader: the registry lives in the
 * first screens' chunk, and every loader used there adds its bundles' names to what they download.
 */
const starMessages: MessageLoader = (locale) =>
  locale === 'cn'
    ? import('../messages/favourite-star-cn').then((m) => m.cn)
    : import('../messages/favourite-star-en').then((m) => m.en);

/** This module once its texts are there: what the detail pages' star slot waits for. */
export async function withTexts() {
  await addMessages(starMessages);
  return { default: FavouriteStar };
}

interface FavouriteStarProps {
  type: FavouriteType;
  uid: string;
}

/** GET /api/favourites/{type}/{uid}: whether the learner starred it. */
function useFavouriteState({ type, uid }: FavouriteStarProps) {
  return useQuery({
    queryKey: favouriteKeys.one(type, uid),
    // Silent: a star that cannot say its state stays away rather than warn over the page.
    queryFn: ({ signal }) =>
      apiClient.get<FavouriteState>(favouritePaths.favourite(type, uid), { signal, silent: true }),
  });
}

/**
 * PUT or DELETE /api/favourites/{type}/{uid}: the star turns at once and turns back if the
 * server refuses (the client's notice says why). Both calls are idempotent, so quick taps in a
 * row end where the last one points.
 */
function useToggleFavourite({ type, uid }: FavouriteStarProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = favouriteKeys.one(type, uid);
  return useMutation({
    mutationFn: (starred: boolean) =>
      apiClient.request<void>(favouritePaths.favourite(type, uid), { method: starred ? 'PUT' : 'DELETE' }),
    onMutate: async (starred) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavouriteState>(key);
      queryClient.setQueryData<FavouriteState>(key, { favourite: starred });
      return { previous };
    },
    onError: (_error, _starred, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (_nothing, starred) =>
      showToast(t(starred ? 'favourites.star.added' : 'favourites.star.removed'), 'success'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.lists() }),
  });
}

/** A star in a detail page's top bar: pressed when the product is among the learner's favourites. */
export function FavouriteStar(props: FavouriteStarProps) {
  const { t } = useTranslation();
  const state = useFavouriteState(props);
  const toggle = useToggleFavourite(props);
  if (state.data === undefined) return null;
  const starred = state.data.favourite;
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={t(starred ? 'favourites.star.remove' : 'favourites.star.add')}
      data-testid="favourite-star"
      onClick={() => toggle.mutate(!starred)}
      className={`flex size-11 items-center justify-center text-xl ${starred ? 'text-warning' : 'text-ink'}`}
    >
      <StarIcon fill={starred ? 'currentColor' : 'none'} />
    </button>
  );
}
