import { z } from 'zod';

/**
 * GET /api/users/wx/signature?url=: the JS-SDK `wx.config` values for the page at `url` (the
 * page URL without its hash, encoded). Same gate as the OAuth calls: 403 `forbidden` when the
 * school's WeChat setting is off. `signature` is the sha1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`.
 */
export const wxSignatureQuerySchema = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { error: 'must be an http(s) URL' }),
});
export const wxSignatureSchema = z.object({
  appId: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type WxSignature = z.infer<typeof wxSignatureSchema>;
