/** API paths of spec §7 and the ones we add. Both sides build URLs from here. */
export const apiPaths = {
  tenantCurrent: '/api/tenants/current',
  systemConfig: '/api/system/config',
  agreements: '/api/system/config/user/agreement',
  tabs: '/api/decorations/tabs/list',
  microPage: (id: number | string) => `/api/decorations/pages/${encodeURIComponent(String(id))}`,
  authCurrent: '/api/auth/current',
  usersCurrent: '/api/users/current',
  login: '/api/login',
  logout: '/api/logout',
  health: '/api/health',
} as const;
