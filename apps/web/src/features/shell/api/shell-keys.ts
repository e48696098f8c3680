/** Query keys of the school's shell data (docs/product.md#layout-load). */
export const shellKeys = {
  all: ['shell'] as const,
  tenant: () => [...shellKeys.all, 'tenant'] as const,
  systemConfig: () => [...shellKeys.all, 'system-config'] as const,
  tabs: () => [...shellKeys.all, 'tabs'] as const,
};
