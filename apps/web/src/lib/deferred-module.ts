/** A lazily imported module, fetched once and remembered for every later screen. */
export interface DeferredModule<T> {
  /** The value when it has already arrived (a later screen renders it at once). */
  peek(): T | null;
  load(): Promise<T>;
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    peek: () => value,
    load: () =>
      (pending ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          // Offline or a deploy in between: the next trigger tries again.
          pending = null;
          throw error;
        },
      )),
  };
}
