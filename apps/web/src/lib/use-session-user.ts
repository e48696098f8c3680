import type { User } from '@school/contract/auth';
import { useSyncExternalStore } from 'react';
import { session } from './session';

const subscribe = (listener: () => void) => session.subscribe(listener);
const snapshot = () => session.user();

/** The stored learner, re-rendering when someone signs in or out (or a 401 clears it). */
export function useSessionUser(): User | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
