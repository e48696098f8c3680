import { describe, expect, it } from 'vitest';
import { passwordLoginFormSchema } from './password-login-schema';
import { smsLoginFormSchema } from './sms-login-schema';

interface Parser {
  safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The first message per field, as the form shows it. */
function issues(schema: Parser, input: unknown) {
  const result = schema.safeParse(input);
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('password login form rules', () => {
  it('requires a login id and a password, with the contract message ids', () => {
    expect(issues(passwordLoginFormSchema, { username: ' ', password: '' })).toEqual({
      username: 'rule.login.idRequired',
      password: 'rule.password.required',
    });
  });
  it('accepts a username or a phone with a password', () => {
    expect(issues(passwordLoginFormSchema, { username: '13800138000', password: 'x' })).toEqual({});
    expect(issues(passwordLoginFormSchema, { username: 'learner', password: 'x' })).toEqual({});
  });
});

describe('SMS login form rules', () => {
  it('requires a valid mobile number and a six-digit code', () => {
    expect(issues(smsLoginFormSchema, { phone: '', code: '' })).toEqual({
      phone: 'rule.phone.required',
      code: 'rule.code.invalid',
    });
    expect(issues(smsLoginFormSchema, { phone: '12345678901', code: '12345' })).toEqual({
      phone: 'rule.phone.invalid',
      code: 'rule.code.invalid',
    });
    expect(issues(smsLoginFormSchema, { phone: '13800138000', code: '123456' })).toEqual({});
  });
});
