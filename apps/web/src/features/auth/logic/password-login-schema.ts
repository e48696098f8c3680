import { passwordLoginSchema } from '@school/contract/auth';
import { z } from 'zod';
import { schemaResolver } from '../../../lib/schema-resolver';

/**
 * The server's login rules (same schema, same message ids). Remember-me and the agreement tick
 * are the login screen's, shared with the SMS tab.
 */
export const passwordLoginFormSchema = z.object({
  username: passwordLoginSchema.shape.username,
  password: passwordLoginSchema.shape.password,
});

export type PasswordLoginForm = z.infer<typeof passwordLoginFormSchema>;

/** The form's resolver, in this module so that zod arrives with it (lib/deferred-resolver.ts, lib/use-plain-form.ts). */
export const passwordLoginResolver = schemaResolver(passwordLoginFormSchema);
