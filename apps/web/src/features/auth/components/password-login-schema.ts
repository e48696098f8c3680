import { passwordLoginSchema } from '@school/contract/auth';
import { ruleIds } from '@school/contract/validation';
import { z } from 'zod';

/**
 * The server's login rules (same schema, same message ids) plus the two things only the form
 * has: the agreement tick (spec §5: required before login) and remember-me as a checkbox.
 */
export const passwordLoginFormSchema = z.object({
  username: passwordLoginSchema.shape.username,
  password: passwordLoginSchema.shape.password,
  rememberMe: z.boolean(),
  agreement: z.boolean().refine((ticked) => ticked, { error: ruleIds.agreementRequired }),
});

export type PasswordLoginForm = z.infer<typeof passwordLoginFormSchema>;
