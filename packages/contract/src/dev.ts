import { z } from 'zod';
import { isoDateTime } from './common.js';
import { tenantStatuses } from './enums.js';
import { systemConfigSchema } from './shell.js';
import { smsPurposes } from './sms.js';
import { textInput } from './validation.js';

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
  enabledFeatures: z.record(textInput().max(64), z.boolean()).optional(),
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

/**
 * GET /api/dev/sms/latest?phone=: the latest code the console SMS provider "sent" to a phone
 * of the calling school (browser tests read it instead of a handset). Exists only with
 * SMS_PROVIDER=console and dev routes on; 404 `notFound` when nothing was sent.
 */
export const devSmsLatestQuerySchema = z.object({ phone: textInput().trim().min(1).max(20) });
export const devSmsLatestSchema = z.object({
  phone: z.string(),
  purpose: z.enum(smsPurposes),
  code: z.string(),
  sentAt: isoDateTime,
});
export type DevSmsLatest = z.infer<typeof devSmsLatestSchema>;

/**
 * GET /api/dev/mail/latest?to=: the latest mail the dev outbox "sent" to an address of the
 * calling school (browser tests open its link instead of a mailbox). Exists only with
 * EMAIL_PROVIDER=dev-outbox and dev routes on; 404 `notFound` when nothing was sent.
 */
export const devMailLatestQuerySchema = z.object({ to: textInput().trim().min(1).max(254) });
export const devMailLatestSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: isoDateTime,
});
export type DevMailLatest = z.infer<typeof devMailLatestSchema>;

export const devPaths = {
  systemConfig: '/api/dev/system-config',
  expireSessions: '/api/dev/sessions/expire',
  smsLatest: '/api/dev/sms/latest',
  mailLatest: '/api/dev/mail/latest',
} as const;
