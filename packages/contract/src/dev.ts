import { z } from 'zod';
import { tenantStatuses } from './enums.js';
import { systemConfigSchema } from './shell.js';

/*
 * Development-only endpoints (absent when the server runs with DEV_ROUTES=false, and always
 * in production). Browser tests use them to flip the default tenant's gates and to expire a
 * session without waiting.
 */

// An IPv4/IPv6 address, optionally with a CIDR prefix; checked loosely here, exactly on the server.
const ipOrCidr = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/);

/** PUT /api/dev/system-config: every field optional; given fields are merged in. */
export const devSystemConfigPatchSchema = z.object({
  accessConfig: z.object({ enableWap: z.boolean().optional(), enableOpenAccess: z.boolean().optional() }).optional(),
  wechatOfficialConfig: z.object({ enable: z.boolean().optional() }).optional(),
  enabledFeatures: z.record(z.string(), z.boolean()).optional(),
  blockedIps: z.array(ipOrCidr).max(100).optional(),
  tenantStatus: z.enum(tenantStatuses).optional(),
});
export type DevSystemConfigPatch = z.infer<typeof devSystemConfigPatchSchema>;

export const devSystemConfigResultSchema = z.object({
  systemConfig: systemConfigSchema,
  blockedIps: z.array(z.string()),
  tenantStatus: z.enum(tenantStatuses),
});
export type DevSystemConfigResult = z.infer<typeof devSystemConfigResultSchema>;

export const devPaths = {
  systemConfig: '/api/dev/system-config',
  expireSessions: '/api/dev/sessions/expire',
} as const;
