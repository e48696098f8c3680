import type { FieldValues, Resolver } from 'react-hook-form';
import { deferredModule } from './deferred-module';

/** A form's validation whose code (the schema and zod, about 25 KB gzip) arrives when it is first needed. */
export interface DeferredResolver<T extends FieldValues> extends Resolver<T> {
  /** Starts the download early (the form's first focus), so the first check need not wait for it. */
  preload(): void;
}

/**
 * The resolver of a form on a first screen (decision 027): zod is not part of the screen's first
 * download but comes with the first focus, check or submit. Until then nothing validates, and
 * react-hook-form awaits a resolver anyway, so a check made before it arrives only waits for it.
 */
export function deferredResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): DeferredResolver<T> {
  const module = deferredModule(load);
  const resolver: Resolver<T> = async (values, context, options) => (await module.load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      // A failed early download is retried by the check itself.
      module.load().catch(() => undefined);
    },
  });
}
