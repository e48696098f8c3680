import type { FavouriteType } from '@school/contract/favourites';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { session } from '../../lib/session';

/*
 * The star of a detail page's top bar: its code, its query and its texts arrive only for a
 * signed-in learner, after the page, so a visitor's first screen (the course detail has almost
 * no room left) carries none of it. A visitor sees no star.
 */
const FavouriteStar = lazy(() => import('./favourite-star').then((star) => star.withTexts()));

const subscribe = (listener: () => void) => session.subscribe(listener);
const signedIn = () => session.user() !== null;
// A server render has no learner: the hydrated page matches it, then shows the star.
const onServer = () => false;

export function FavouriteStarSlot({ type, uid }: { type: FavouriteType; uid: string }) {
  if (!useSyncExternalStore(subscribe, signedIn, onServer) || uid === '') return null;
  return (
    <Suspense fallback={null}>
      <FavouriteStar type={type} uid={uid} />
    </Suspense>
  );
}
