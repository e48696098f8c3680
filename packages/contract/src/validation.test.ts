import { describe, expect, it } from 'vitest';
import {
  newPasswordPairSchema,
  nicknameSchema,
  passwordSchema,
  phoneSchema,
  ruleIds,
  smsCodeSchema,
  textInput,
  usernameSchema,
  avatarSizeRule,
  uploadSizeRule,
  limits,
} from './validation.js';
import type { z } from 'zod';

function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('username rules', () => {
  it.each([
    ['ab', null],
    ['张三', null],
    ['a'.repeat(20), null],
    ['user.name_1', null],
    ['学员小明2024', null],
  ])('accepts %s', (value, expected) => {
    expect(firstMessage(usernameSchema, value)).toBe(expected);
  });

  it.each([
    ['', ruleIds.usernameRequired],
    ['a', ruleIds.usernameLength],
    ['a'.repeat(21), ruleIds.usernameLength],
    ['bad name', ruleIds.usernameChars],
    ['bad-name', ruleIds.usernameChars],
    ['_name', ruleIds.usernameEdge],
    ['name_', ruleIds.usernameEdge],
    ['.name', ruleIds.usernameEdge],
    ['name.', ruleIds.usernameEdge],
    ['13800138000', ruleIds.usernamePhoneLike],
  ])('refuses %j with %s', (value, rule) => {
    expect(firstMessage(usernameSchema, value)).toBe(rule);
  });

  it('counts Chinese characters as one character each', () => {
    expect(firstMessage(usernameSchema, '张'.repeat(20))).toBeNull();
    expect(firstMessage(usernameSchema, '张'.repeat(21))).toBe(ruleIds.usernameLength);
  });

  it('allows 11 digits that do not start with 1, and 10 digits starting with 1', () => {
    expect(firstMessage(usernameSchema, '23800138000')).toBeNull();
    expect(firstMessage(usernameSchema, '1380013800')).toBeNull();
  });
});

describe('password rules', () => {
  it.each([
    ['abcd1234', null],
    ['a1'.repeat(10), null],
    ['', ruleIds.passwordRequired],
    ['abc1234', ruleIds.passwordLength],
    ['a1'.repeat(10) + 'x', ruleIds.passwordLength],
    ['abcdefgh', ruleIds.passwordChars],
    ['12345678', ruleIds.passwordChars],
  ])('%j → %s', (value, rule) => {
    expect(firstMessage(passwordSchema, value)).toBe(rule);
  });

  it('requires a confirmation that matches', () => {
    expect(firstMessage(newPasswordPairSchema, { password: 'abcd1234', confirmPassword: '' })).toBe(
      ruleIds.confirmPasswordRequired,
    );
    expect(firstMessage(newPasswordPairSchema, { password: 'abcd1234', confirmPassword: 'abcd12345' })).toBe(
      ruleIds.passwordMismatch,
    );
    expect(firstMessage(newPasswordPairSchema, { password: 'abcd1234', confirmPassword: 'abcd1234' })).toBeNull();
  });
});

describe('phone, code and nickname', () => {
  it.each([
    ['13800138000', null],
    ['19912345678', null],
    ['', ruleIds.phoneRequired],
    ['12800138000', ruleIds.phoneInvalid],
    ['1380013800', ruleIds.phoneInvalid],
    ['138001380001', ruleIds.phoneInvalid],
  ])('phone %j → %s', (value, rule) => {
    expect(firstMessage(phoneSchema, value)).toBe(rule);
  });

  it.each([
    ['123456', null],
    ['12345', ruleIds.codeInvalid],
    ['1234567', ruleIds.codeInvalid],
    ['12345a', ruleIds.codeInvalid],
  ])('code %j → %s', (value, rule) => {
    expect(firstMessage(smsCodeSchema, value)).toBe(rule);
  });

  it('requires a nickname that is not only spaces', () => {
    expect(firstMessage(nicknameSchema, '   ')).toBe(ruleIds.nicknameRequired);
    expect(firstMessage(nicknameSchema, '小明')).toBeNull();
  });
});

describe('file size limits', () => {
  it('allows an avatar of exactly 5 MB and refuses one byte more', () => {
    expect(avatarSizeRule(limits.avatarMaxBytes)).toBeNull();
    expect(avatarSizeRule(limits.avatarMaxBytes + 1)).toBe(ruleIds.avatarTooBig);
  });
  it('allows an upload of exactly 10 MB and refuses one byte more', () => {
    expect(uploadSizeRule(limits.uploadMaxBytes)).toBeNull();
    expect(uploadSizeRule(limits.uploadMaxBytes + 1)).toBe(ruleIds.uploadTooBig);
  });
});

describe('textInput', () => {
  it('refuses NUL and the other control characters with its own rule, keeps tabs and line breaks', () => {
    for (const char of ['\u0000', '\u0008', '\u000b', '\u001f', '\u007f']) {
      const result = textInput().safeParse(`a${char}b`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ruleIds.textControlChars);
    }
    expect(textInput().parse('one\r\ntwo\tthree 中文')).toBe('one\r\ntwo\tthree 中文');
  });

  it('refuses half a surrogate pair, keeps whole ones (emoji)', () => {
    for (const broken of ['\ud800', 'a\udc00', '\ud83d x']) {
      expect(textInput().safeParse(broken).error?.issues[0]?.message).toBe(ruleIds.textControlChars);
    }
    expect(textInput().parse('学习 😀')).toBe('学习 😀');
  });

  it('is the base of the validation rules, so a NUL in a nickname is named as such', () => {
    expect(nicknameSchema.safeParse('a\u0000b').error?.issues[0]?.message).toBe(ruleIds.textControlChars);
  });
});
