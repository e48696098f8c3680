import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema, smsCodeSchema } from '@school/contract/validation';
import { z } from 'zod';

/** docs/product.md#validation-rules: phone login needs a valid phone and a six-digit SMS code (the server's schemas). */
export const smsLoginFormSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });

export type SmsLoginForm = z.infer<typeof smsLoginFormSchema>;

/** The form's resolver, in this module so that zod arrives with it (lib/deferred-resolver.ts). */
export const smsLoginResolver = zodResolver(smsLoginFormSchema);
