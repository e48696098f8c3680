import { registerFields } from '@school/contract/register';
import { ruleIds, usernameSchema, withPasswordsMatch } from '@school/contract/validation';
import { z } from 'zod';
import { schemaResolver } from '../../../lib/schema-resolver';
import { withEarlyPasswordMatch } from '../../../lib/password-match';

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

/** The form's resolver, in this module so that zod arrives with it (lib/deferred-resolver.ts, lib/use-plain-form.ts). */
export const signUpResolver = withEarlyPasswordMatch(schemaResolver(signUpFormSchema));

/** Whether a username is worth asking the server about (the contract's rules). */
export const isValidUsername = (value: string) => usernameSchema.safeParse(value).success;
