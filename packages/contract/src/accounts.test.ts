import { accountPaths } from './account-paths.js';
import { describe, expect, it } from 'vitest';
import { passwordLoginSchema, rememberMeQuerySchema, smsLoginSchema } from './auth.js';
import { oauthBindQuerySchema, oauthQuerySchema } from './oauth.js';
import { servedFilePaths } from './paths.js';
import { registerSchema } from './register.js';
import { passwordChangeSchema, profileUpdateSchema } from './users.js';
import { isResidentIdNumber, ruleIds } from './validation.js';

describe('resident identity numbers', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    [' 11010519491231002X ', true],
    ['110105194912310021', false], // check character
    ['110105194902300028', false], // 30 February
    ['110105180012310028', false], // before 1900
    ['010105194912310021', false], // region digit
    ['11010519491231002', false],
    ['1101051949123100201', false],
  ])('%j → %s', (value, valid) => {
    expect(isResidentIdNumber(value)).toBe(valid);
  });
});

describe('yes/no fields', () => {
  it('read forms, query strings and JSON alike', () => {
    for (const value of ['true', 'on', '1', true]) {
      expect(rememberMeQuerySchema.parse({ rememberMe: value }).rememberMe).toBe(true);
    }
    for (const value of ['false', 'off', '0', false, undefined]) {
      expect(rememberMeQuerySchema.parse({ rememberMe: value }).rememberMe).toBe(false);
    }
    expect(rememberMeQuerySchema.safeParse({ rememberMe: 'maybe' }).success).toBe(false);
    expect(passwordLoginSchema.parse({ username: 'a', password: 'b', rememberMe: 'on' }).rememberMe).toBe(true);
    expect(smsLoginSchema.parse({ phone: '13800138000', code: '123456' }).rememberMe).toBe(false);
  });

  it('default to remember-me for the OAuth calls', () => {
    expect(oauthQuerySchema.parse({}).rememberMe).toBe(true);
    expect(oauthBindQuerySchema.parse({ isBindExistingUser: 'true' })).toEqual({
      isBindExistingUser: true,
      rememberMe: true,
    });
    expect(oauthBindQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('account forms', () => {
  const first = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    result.success ? null : { rule: result.error!.issues[0]!.message, field: result.error!.issues[0]!.path.join('.') };

  it('check the new password pair of a password change, the old one being optional', () => {
    expect(first(passwordChangeSchema.safeParse({ password: 'abcd1234', confirmPassword: 'abcd1234' }))).toBeNull();
    expect(first(passwordChangeSchema.safeParse({ password: 'abcd1234', confirmPassword: 'abcd1235' }))).toEqual({
      rule: ruleIds.passwordMismatch,
      field: 'confirmPassword',
    });
  });

  it('check every field of the sign-up form', () => {
    const form = {
      nickname: '新同学',
      username: 'newcomer',
      password: 'welcome123',
      confirmPassword: 'welcome123',
      phone: '13800138000',
      code: '123456',
    };
    expect(first(registerSchema.safeParse(form))).toBeNull();
    expect(first(registerSchema.safeParse({ ...form, username: '13800138000' }))).toEqual({
      rule: ruleIds.usernamePhoneLike,
      field: 'username',
    });
    expect(first(registerSchema.safeParse({ ...form, code: '' }))).toEqual({
      rule: ruleIds.codeInvalid,
      field: 'code',
    });
  });

  it('let a profile update leave fields out or clear them', () => {
    expect(profileUpdateSchema.parse({ nickname: ' 小明 ' })).toEqual({ nickname: '小明' });
    expect(profileUpdateSchema.parse({ nickname: '小明', gender: null, avatar: null })).toEqual({
      nickname: '小明',
      gender: null,
      avatar: null,
    });
  });
});

describe('API paths', () => {
  it('encode the values they embed', () => {
    expect(accountPaths.userProfile(12)).toBe('/api/users/12');
    expect(accountPaths.userUsername(12)).toBe('/api/users/12/username');
    expect(accountPaths.userCheckPassword(12)).toBe('/api/users/12/check/password');
    expect(accountPaths.phoneLookup('138 0013')).toBe('/api/users/phone/138%200013');
    expect(servedFilePaths.file('a.png')).toBe('/api/files/a.png');
  });
});
