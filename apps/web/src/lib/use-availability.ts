import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDebouncedValue } from './use-debounced-value';

/** What the check says about the value typed so far. */
export type Availability = 'idle' | 'checking' | 'available' | 'taken';

export type AvailabilityQueryOptions<TKey extends QueryKey> = UseQueryOptions<
  { available: boolean },
  Error,
  { available: boolean },
  TKey
>;

export interface AvailabilityOptions<TKey extends QueryKey> {
  /** Whether the value passes the local rules; only such values are sent to the server. */
  isValid(value: string): boolean;
  queryOptions(value: string): AvailabilityQueryOptions<TKey>;
  /** A value that needs no check (the learner's current username). */
  unchanged?: string | undefined;
  delayMs?: number;
}

/**
 * As-you-type uniqueness check (docs/product.md#validation-rules: unique in the school): waits for a pause in typing, asks
 * the server only about values that pass the local rules, and reports what to show.
 */
export function useAvailability<TKey extends QueryKey>(
  value: string,
  { isValid, queryOptions, unchanged, delayMs = 400 }: AvailabilityOptions<TKey>,
): Availability {
  const debounced = useDebouncedValue(value, delayMs);
  const settled = debounced === value;
  const checkable = (v: string) => v !== unchanged && isValid(v);
  const query = useQuery({ ...queryOptions(debounced), enabled: settled && checkable(debounced) });

  if (!checkable(value)) return 'idle';
  if (!settled || query.isFetching) return 'checking';
  if (query.data) return query.data.available ? 'available' : 'taken';
  return 'idle';
}
