export const agreementKeys = {
  all: ['agreements'] as const,
  list: () => [...agreementKeys.all, 'list'] as const,
};
