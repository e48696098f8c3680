import { ruleIds } from '@school/contract/rule-ids';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/**
 * Zod runs the contract's "confirmation must match" refinement only once every other field is
 * valid (and never after a rule that aborts, like the username's). A form should say "do not
 * match" as soon as both passwords are fine themselves: this adds the same message id then.
 */
export function withEarlyPasswordMatch<T extends FieldValues & PasswordPair>(resolver: Resolver<T>): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as FieldErrors<PasswordPair>;
    if (errors.password || errors.confirmPassword) return result;
    if (!values.password || !values.confirmPassword || values.password === values.confirmPassword) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        confirmPassword: { type: 'custom', message: ruleIds.passwordMismatch },
      } as FieldErrors<T>,
    };
  };
}
