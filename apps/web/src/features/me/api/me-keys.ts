/** Query keys of the learner's own account screens. */
export const meKeys = {
  all: ['me'] as const,
  usernameCheck: (username: string) => [...meKeys.all, 'username-check', username] as const,
};
