export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  registerUsernameCheck: (username: string) => [...authKeys.all, 'register-username-check', username] as const,
  passwordStatus: () => [...authKeys.all, 'password-status'] as const,
};
