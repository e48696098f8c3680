import { registerFields } from '@school/contract/register';
import { ruleIds, withPasswordsMatch } from '@school/contract/validation';
import { z } from 'zod';

/**
 * The sign-up form (POST /api/register and the register branch of POST /api/oauth/bind): the
 * contract's fields and rules, plus the agreement tick only the form has.
 */
export const signUpFormSchema = withPasswordsMatch(
  z.object({
    ...registerFields,
    agreement: z.boolean().refine((ticked) => ticked, { error: ruleIds.agreementRequired }),
  }),
);

export type SignUpForm = z.infer<typeof signUpFormSchema>;
export type SignUpValues = Omit<SignUpForm, 'agreement'>;

export const signUpFieldNames = ['phone', 'code', 'nickname', 'username', 'password', 'confirmPassword'] as const;
