import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { deferredResolver } from './deferred-resolver';

type Values = { name: string };
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false };

describe('deferredResolver', () => {
  it('loads the rules once, at the first check or preload, and checks with them', async () => {
    const load = vi.fn(async () => valid);
    const resolver = deferredResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    await resolver({ name: 'b' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next check when the download failed', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(valid);
    const resolver = deferredResolver(load);
    resolver.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await expect(resolver({ name: 'a' }, undefined, options)).resolves.toEqual({ values: { name: 'a' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
