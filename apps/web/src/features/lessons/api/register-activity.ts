import type { ActivityRegistrationResult } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { apiClient } from '../../../lib/api-client';
import { lessonKeys } from './lesson-keys';

/** POST /api/lessons/{id}/activity/registration: 201, again 200; full: 409 tooManyParticipants. */
export function postActivityRegistration(lessonId: number): Promise<ActivityRegistrationResult> {
  return apiClient.post<ActivityRegistrationResult>(apiPaths.lessonActivityRegistration(lessonId));
}

export function useRegisterActivity(lessonId: number) {
  const queryClient = useQueryClient();
  // Registered or full, the seats on screen are out of date either way.
  const refresh = () => queryClient.invalidateQueries({ queryKey: lessonKeys.detail(lessonId) });
  return useMutation({
    mutationFn: () => postActivityRegistration(lessonId),
    onSuccess: refresh,
    onError: (error) => {
      if (isApiError(error) && error.code === 'tooManyParticipants') void refresh();
    },
  });
}
