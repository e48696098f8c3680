import { z } from 'zod';
import { textInput } from './validation.js';

/** Paginated list answer used by every list endpoint. Pages are 1-based. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** ISO-8601 UTC timestamp as sent on the wire. */
export const isoDateTime = z.iso.datetime({ offset: true });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const uidParamSchema = z.object({ uid: textInput().min(1).max(64) });

/**
 * A yes/no as forms and query strings send it ("true", "on", "1"…) or as JSON sends it. Anything
 * else is refused; absent is left to the schema using it (`.optional()`, `.default()`).
 */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');
