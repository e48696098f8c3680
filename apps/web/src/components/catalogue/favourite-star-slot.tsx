import type { FavouriteType } from '@school/contract/favourites';
import { lazy, Suspense } from 'react';
import { useSessionUser } from '../../lib/use-session-user';

/*
 * The star of a detail page's top bar: its code, its query and its texts arrive only for a
 * signed-in learner, after the page. A visitor sees no star. (The course page, a first screen,
 * declares its own lazy star: this module would be one more chunk to download there.) A signed-in
 * learner's page is never hydrated from a server render (app/main.tsx), so the stored session
 * decides at once.
 */
const FavouriteStar = lazy(() => import('./favourite-star').then((star) => star.withTexts()));

export function FavouriteStarSlot({ type, uid }: { type: FavouriteType; uid: string }) {
  if (useSessionUser() === null || uid === '') return null;
  return (
    <Suspense fallback={null}>
      <FavouriteStar type={type} uid={uid} />
    </Suspense>
  );
}
