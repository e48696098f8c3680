import { z } from 'zod';

/**
 * The validation rules of spec §5. Each rule fails with its own message id; the web app
 * translates the id, the server sends it back as `rule` beside `code: validationFailed`,
 * so both sides refuse the same input with the same message.
 */
export const ruleIds = {
  usernameRequired: 'rule.username.required',
  usernameLength: 'rule.username.length',
  usernameChars: 'rule.username.chars',
  usernameEdge: 'rule.username.edge',
  usernamePhoneLike: 'rule.username.phoneLike',
  usernameTaken: 'rule.username.taken',
  passwordRequired: 'rule.password.required',
  passwordLength: 'rule.password.length',
  passwordChars: 'rule.password.chars',
  passwordMismatch: 'rule.password.mismatch',
  confirmPasswordRequired: 'rule.password.confirmRequired',
  loginIdRequired: 'rule.login.idRequired',
  agreementRequired: 'rule.agreement.required',
  phoneRequired: 'rule.phone.required',
  phoneInvalid: 'rule.phone.invalid',
  phoneBound: 'rule.phone.bound',
  codeInvalid: 'rule.code.invalid',
  nicknameRequired: 'rule.nickname.required',
  commentRequired: 'rule.comment.required',
  refundReasonRequired: 'rule.refund.reasonRequired',
  avatarTooBig: 'rule.avatar.tooBig',
  avatarCompressFailed: 'rule.avatar.compressFailed',
  uploadTooBig: 'rule.upload.tooBig',
  addressNameEmpty: 'rule.address.nameEmpty',
  addressPhoneInvalid: 'rule.address.phoneInvalid',
  addressEmpty: 'rule.address.addressEmpty',
  addressAreaEmpty: 'rule.address.areaEmpty',
  addressPostalCodeInvalid: 'rule.address.postalCodeInvalid',
} as const;

export type RuleId = (typeof ruleIds)[keyof typeof ruleIds];

export const limits = {
  usernameMin: 2,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 20,
  smsCodeLength: 6,
  avatarMaxBytes: 5 * 1024 * 1024,
  uploadMaxBytes: 10 * 1024 * 1024,
  rememberMeDays: 10,
  redirectDelayMs: 1000,
} as const;

// Chinese characters (CJK Unified Ideographs), ASCII letters and digits, underscore and dot.
const usernameCharsPattern = /^[\u4e00-\u9fa5A-Za-z0-9_.]+$/;
const usernameEdgePattern = /^[_.]|[_.]$/;
const phoneLikePattern = /^1\d{10}$/;
// Mainland China mobile numbers: 11 digits, 1 then 3–9.
export const phonePattern = /^1[3-9]\d{9}$/;
export const smsCodePattern = /^\d{6}$/;
const postalCodePattern = /^\d{6}$/;

export const usernameSchema = z
  .string({ error: ruleIds.usernameRequired })
  .min(1, { error: ruleIds.usernameRequired })
  .refine((v) => [...v].length >= limits.usernameMin && [...v].length <= limits.usernameMax, {
    error: ruleIds.usernameLength,
    abort: true,
  })
  .refine((v) => usernameCharsPattern.test(v), { error: ruleIds.usernameChars, abort: true })
  .refine((v) => !usernameEdgePattern.test(v), { error: ruleIds.usernameEdge, abort: true })
  .refine((v) => !phoneLikePattern.test(v), { error: ruleIds.usernamePhoneLike, abort: true });

export const passwordSchema = z
  .string({ error: ruleIds.passwordRequired })
  .min(1, { error: ruleIds.passwordRequired })
  .refine((v) => v.length >= limits.passwordMin && v.length <= limits.passwordMax, {
    error: ruleIds.passwordLength,
    abort: true,
  })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: ruleIds.passwordChars, abort: true });

export const phoneSchema = z
  .string({ error: ruleIds.phoneRequired })
  .min(1, { error: ruleIds.phoneRequired })
  .regex(phonePattern, { error: ruleIds.phoneInvalid });

export const smsCodeSchema = z.string({ error: ruleIds.codeInvalid }).regex(smsCodePattern, { error: ruleIds.codeInvalid });

export const nicknameSchema = z
  .string({ error: ruleIds.nicknameRequired })
  .trim()
  .min(1, { error: ruleIds.nicknameRequired })
  .max(30, { error: ruleIds.nicknameRequired });

export const commentTextSchema = z
  .string({ error: ruleIds.commentRequired })
  .trim()
  .min(1, { error: ruleIds.commentRequired })
  .max(2000);

/** New password + confirmation: both rules of §5 (required, must match). */
export const newPasswordPairSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: ruleIds.confirmPasswordRequired }).min(1, { error: ruleIds.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: ruleIds.passwordMismatch, path: ['confirmPassword'] });

export const addressSchema = z.object({
  name: z.string().trim().min(1, { error: ruleIds.addressNameEmpty }),
  phone: z.string().regex(phonePattern, { error: ruleIds.addressPhoneInvalid }),
  area: z.string().trim().min(1, { error: ruleIds.addressAreaEmpty }),
  address: z.string().trim().min(1, { error: ruleIds.addressEmpty }),
  postalCode: z.string().regex(postalCodePattern, { error: ruleIds.addressPostalCodeInvalid }),
});

export function avatarSizeRule(bytes: number): RuleId | null {
  return bytes > limits.avatarMaxBytes ? ruleIds.avatarTooBig : null;
}

export function uploadSizeRule(bytes: number): RuleId | null {
  return bytes > limits.uploadMaxBytes ? ruleIds.uploadTooBig : null;
}
