export const microPageKeys = {
  all: ['micro-page'] as const,
  detail: (id: number) => [...microPageKeys.all, id] as const,
};
