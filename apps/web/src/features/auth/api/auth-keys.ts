export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  authCurrent: () => [...authKeys.all, 'auth-current'] as const,
};
