import { applyRefundSchema } from '@school/contract/orders';
import { z } from 'zod';
import { centsOf } from './order-text';

/**
 * The refund form: the contract's rules (a reason must be chosen, the description's length),
 * with the amount typed in yuan and two decimals, turned into cents and kept within what was paid.
 */
export function refundFormSchema(paid: number) {
  return applyRefundSchema.extend({
    amount: z
      .string()
      .transform(centsOf)
      .pipe(
        z
          .number({ error: 'orders.refund.amountInvalid' })
          .int({ error: 'orders.refund.amountInvalid' })
          .positive({ error: 'orders.refund.amountInvalid' })
          .max(paid, { error: 'orders.refund.amountTooHigh' }),
      ),
  });
}

export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundFormOutput = z.output<ReturnType<typeof refundFormSchema>>;
