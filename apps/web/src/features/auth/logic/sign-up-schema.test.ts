import { describe, expect, it } from 'vitest';
import { signUpFormSchema } from './sign-up-schema';

const valid = {
  phone: '13900139000',
  code: '123456',
  nickname: 'Ann',
  username: 'ann_lee',
  password: 'secret123',
  confirmPassword: 'secret123',
  agreement: true,
};

function firstIssues(input: unknown) {
  const result = signUpFormSchema.safeParse(input);
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('sign-up form rules (validation rules)', () => {
  it('accepts a complete form', () => {
    expect(firstIssues(valid)).toEqual({});
  });

  it('requires every field and the agreement', () => {
    expect(
      firstIssues({
        phone: '',
        code: '',
        nickname: ' ',
        username: '',
        password: '',
        confirmPassword: '',
        agreement: false,
      }),
    ).toEqual({
      phone: 'rule.phone.required',
      code: 'rule.code.invalid',
      nickname: 'rule.nickname.required',
      username: 'rule.username.required',
      password: 'rule.password.required',
      confirmPassword: 'rule.password.confirmRequired',
      agreement: 'rule.agreement.required',
    });
  });

  it.each([
    ['a', 'rule.username.length'],
    ['a'.repeat(21), 'rule.username.length'],
    ['ann lee', 'rule.username.chars'],
    ['ann-lee', 'rule.username.chars'],
    ['_ann', 'rule.username.edge'],
    ['ann.', 'rule.username.edge'],
    ['13800138000', 'rule.username.phoneLike'],
  ])('refuses the username %j with %s', (username, rule) => {
    expect(firstIssues({ ...valid, username })).toEqual({ username: rule });
  });

  it('accepts Chinese characters, dots and underscores inside a username', () => {
    expect(firstIssues({ ...valid, username: '学员.小明_2' })).toEqual({});
  });

  it.each([
    ['short1', 'rule.password.length'],
    ['a1'.repeat(11), 'rule.password.length'],
    ['onlyletters', 'rule.password.chars'],
    ['12345678', 'rule.password.chars'],
  ])('refuses the password %j with %s', (password, rule) => {
    expect(firstIssues({ ...valid, password, confirmPassword: password })).toEqual({ password: rule });
  });

  it('requires the confirmation to match', () => {
    expect(firstIssues({ ...valid, confirmPassword: 'secret124' })).toEqual({
      confirmPassword: 'rule.password.mismatch',
    });
  });

  it('wants a valid mobile number and a six-digit code', () => {
    expect(firstIssues({ ...valid, phone: '12800138000', code: '12a456' })).toEqual({
      phone: 'rule.phone.invalid',
      code: 'rule.code.invalid',
    });
  });
});
