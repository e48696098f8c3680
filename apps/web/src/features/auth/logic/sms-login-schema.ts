import { phoneSchema, smsCodeSchema } from '@school/contract/validation';
import { z } from 'zod';
import { schemaResolver } from '../../../lib/schema-resolver';

/** docs/product.md#validation-rules: phone login needs a valid phone and a six-digit SMS code (the server's schemas). */
export const smsLoginFormSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });

export type SmsLoginForm = z.infer<typeof smsLoginFormSchema>;

/** The form's resolver, in this module so that zod arrives with it (lib/deferred-resolver.ts, lib/use-plain-form.ts). */
export const smsLoginResolver = schemaResolver(smsLoginFormSchema);
