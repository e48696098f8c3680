import { describe, expect, it } from 'vitest';
import { passwordLoginFormSchema } from './password-login-schema';

function issues(input: unknown) {
  const result = passwordLoginFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('password login form rules', () => {
  it('requires a login id, a password and the agreement tick, with the contract message ids', () => {
    expect(issues({ username: ' ', password: '', rememberMe: false, agreement: false })).toEqual({
      username: 'rule.login.idRequired',
      password: 'rule.password.required',
      agreement: 'rule.agreement.required',
    });
  });
  it('accepts a username or phone with a password once the agreement is ticked', () => {
    expect(issues({ username: '13800138000', password: 'x', rememberMe: true, agreement: true })).toEqual({});
  });
});
