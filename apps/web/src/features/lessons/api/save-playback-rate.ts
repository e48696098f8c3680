import type { LearningPreferences } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../../lib/api-client';
import { lessonKeys } from './lesson-keys';

/** PUT /api/learning/preferences: the learner's speed, applied to every lesson they open next. */
export function putLearningPreferences(preferences: LearningPreferences): Promise<LearningPreferences> {
  return apiClient.put<LearningPreferences>(apiPaths.learningPreferences, { json: preferences });
}

/**
 * Remembers a chosen speed. Fire and forget (the player has already switched, a failure shows
 * the client's notice), so no mutation state, and no mutation code on the player's first load.
 */
export function useSavePlaybackRate(): (playbackRate: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (playbackRate: number) => {
      putLearningPreferences({ playbackRate }).then(
        // Lessons cached with the old speed would open at it: let them fetch the new one.
        () => queryClient.invalidateQueries({ queryKey: lessonKeys.all, refetchType: 'none' }),
        () => undefined,
      );
    },
    [queryClient],
  );
}
