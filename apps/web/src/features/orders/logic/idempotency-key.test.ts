import { uuid } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a version 4 UUID the server accepts, also where randomUUID is missing (plain http)', () => {
    const schema = uuid();
    expect(schema.safeParse(newIdempotencyKey()).success).toBe(true);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => real.getRandomValues(array) });
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    for (const key of keys) expect(schema.safeParse(key).success, key).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });
});
