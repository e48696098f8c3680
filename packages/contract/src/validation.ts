import { z } from 'zod';
import { limits } from './limits.js';
import { ruleIds } from './rule-ids.js';

export { ruleIds } from './rule-ids.js';

export type RuleId = (typeof ruleIds)[keyof typeof ruleIds];

export { limits } from './limits.js';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL
 * refuses NUL in text outright; the others are never typed, only injected.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
export const controlCharacterPattern = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A UTF-16 surrogate without its other half: a string no keyboard or file produces. */
function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** Whether a string holds what `textInput` refuses: control characters or a lone surrogate. */
export function hasForbiddenCharacters(value: string): boolean {
  return controlCharacterPattern.test(value) || hasLoneSurrogate(value);
}

/**
 * Every string a request carries starts here: a string that refuses control characters (and
 * lone surrogates) with
 * its own rule, before any other check, so each field of each endpoint answers 400 with the
 * field's name instead of reaching the database.
 */
export function textInput(params?: { error?: string }) {
  return z.string(params).refine((v) => !hasForbiddenCharacters(v), {
    error: ruleIds.textControlChars,
    abort: true,
  });
}

// Chinese characters (CJK Unified Ideographs), ASCII letters and digits, underscore and dot.
const usernameCharsPattern = /^[\u4e00-\u9fa5A-Za-z0-9_.]+$/;
const usernameEdgePattern = /^[_.]|[_.]$/;
const phoneLikePattern = /^1\d{10}$/;
// Mainland China mobile numbers: 11 digits, 1 then 3–9.
export const phonePattern = /^1[3-9]\d{9}$/;
export const smsCodePattern = /^\d{6}$/;
const postalCodePattern = /^\d{6}$/;

export const usernameSchema = textInput({ error: ruleIds.usernameRequired })
  .min(1, { error: ruleIds.usernameRequired })
  .refine((v) => [...v].length >= limits.usernameMin && [...v].length <= limits.usernameMax, {
    error: ruleIds.usernameLength,
    abort: true,
  })
  .refine((v) => usernameCharsPattern.test(v), { error: ruleIds.usernameChars, abort: true })
  .refine((v) => !usernameEdgePattern.test(v), { error: ruleIds.usernameEdge, abort: true })
  .refine((v) => !phoneLikePattern.test(v), { error: ruleIds.usernamePhoneLike, abort: true });

export const passwordSchema = textInput({ error: ruleIds.passwordRequired })
  .min(1, { error: ruleIds.passwordRequired })
  .refine((v) => v.length >= limits.passwordMin && v.length <= limits.passwordMax, {
    error: ruleIds.passwordLength,
    abort: true,
  })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: ruleIds.passwordChars, abort: true });

export const phoneSchema = textInput({ error: ruleIds.phoneRequired })
  .min(1, { error: ruleIds.phoneRequired })
  .regex(phonePattern, { error: ruleIds.phoneInvalid });

export const smsCodeSchema = textInput({ error: ruleIds.codeInvalid }).regex(smsCodePattern, {
  error: ruleIds.codeInvalid,
});

export const nicknameSchema = textInput({ error: ruleIds.nicknameRequired })
  .trim()
  .min(1, { error: ruleIds.nicknameRequired })
  .max(limits.nicknameMax, { error: ruleIds.nicknameRequired });

export const commentTextSchema = textInput({ error: ruleIds.commentRequired })
  .trim()
  .min(1, { error: ruleIds.commentRequired })
  .max(limits.commentMax);

export const confirmPasswordSchema = textInput({ error: ruleIds.confirmPasswordRequired }).min(1, {
  error: ruleIds.confirmPasswordRequired,
});

/** The fields of a new password and its confirmation, to spread into a form's object schema. */
export const newPasswordFields = { password: passwordSchema, confirmPassword: confirmPasswordSchema };

/**
 * Adds the "must match" rule (docs/product.md#validation-rules) to an object schema holding `newPasswordFields` (zod 4
 * cannot extend an object that already carries a refinement, so each form adds it last).
 */
export function withPasswordsMatch<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T): T {
  return schema.refine((v) => v.password === v.confirmPassword, {
    error: ruleIds.passwordMismatch,
    path: ['confirmPassword'],
  });
}

export const newPasswordPairSchema = withPasswordsMatch(z.object(newPasswordFields));

export const addressSchema = z.object({
  name: textInput().trim().min(1, { error: ruleIds.addressNameEmpty }),
  phone: textInput().regex(phonePattern, { error: ruleIds.addressPhoneInvalid }),
  area: textInput().trim().min(1, { error: ruleIds.addressAreaEmpty }),
  address: textInput().trim().min(1, { error: ruleIds.addressEmpty }),
  postalCode: textInput().regex(postalCodePattern, { error: ruleIds.addressPostalCodeInvalid }),
});

export function avatarSizeRule(bytes: number): RuleId | null {
  return bytes > limits.avatarMaxBytes ? ruleIds.avatarTooBig : null;
}

export function uploadSizeRule(bytes: number): RuleId | null {
  return bytes > limits.uploadMaxBytes ? ruleIds.uploadTooBig : null;
}

const idNumberWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idNumberCheckChars = '10X98765432';

/**
 * A mainland China resident identity number (GB 11643): 17 digits whose first is 1–8 (the
 * region), a real birth date from 1900 on, and the ISO 7064 MOD 11-2 check character
 * (0–9 or X, either case).
 */
export function isResidentIdNumber(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^[1-8]\d{16}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > Date.now()) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (idNumberWeights[i] ?? 0);
  return idNumberCheckChars[sum % 11] === id[17];
}
