import { useRef, useState, type FormEvent } from 'react';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  PathValue,
  Resolver,
  UseFormRegisterReturn,
} from 'react-hook-form';

export interface PlainFormOptions<T extends FieldValues> {
  resolver: Resolver<T>;
  /**
   * When a field is checked before the first submit: never (`onSubmit`), or each time it is left
   * (`onTouched`) and then as it is typed in. After a submit, every change checks its field.
   */
  mode?: 'onSubmit' | 'onTouched';
  /** Fields whose value the form's render needs as it is typed (a username asked about). */
  watch?: readonly Path<T>[];
}

export interface PlainForm<T extends FieldValues> {
  register<N extends Path<T>>(name: N): UseFormRegisterReturn<N>;
  /** The form's onSubmit: checks every field, shows their messages and focuses the first, or hands the values over. */
  handleSubmit(onValid: (values: T) => unknown): (event?: FormEvent) => Promise<void>;
  setError(name: Path<T>, error: { message: string }, options?: { shouldFocus?: boolean }): void;
  /** Checks one field and shows its message; true when it passes. */
  trigger(name: Path<T>): Promise<boolean>;
  getValues<N extends Path<T>>(name: N): PathValue<T, N>;
  /** A `watch`ed field's value as typed so far. */
  watched(name: Path<T>): string;
  formState: { errors: FieldErrors<T> };
}

type Input = HTMLInputElement | HTMLTextAreaElement;

const valueOf = (input: Input) =>
  input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;

function withError<E extends object>(errors: E, name: string, error: FieldError | undefined): E {
  if (error) return { ...errors, [name]: error };
  if (!(name in errors)) return errors;
  const rest = { ...errors } as Record<string, unknown>;
  delete rest[name];
  return rest as E;
}

/**
 * A first screen's form (the login's two, the sign-up) without react-hook-form, whose 13 KB gzip
 * would not fit the screen's 120 KB (decision 030). Its inputs stay the browser's own, as
 * react-hook-form's do: the values are read from them when checked, so what was typed before the
 * code arrived (the page is server-rendered) counts. The checks are the same resolvers, and the
 * form answers react-hook-form's calls the shared fields make (`register`, `trigger`,
 * `getValues`, `setError`, `formState.errors`), so those fields serve both kinds of form.
 */
export function usePlainForm<T extends FieldValues>({
  resolver,
  mode = 'onSubmit',
  watch = [],
}: PlainFormOptions<T>): PlainForm<T> {
  // Registration order is the page's order: the first field with a message takes the focus.
  const [inputs] = useState(() => new Map<string, Input>());
  const [touched] = useState(() => new Set<string>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [watchedValues, setWatchedValues] = useState<Record<string, string>>({});

  const values = () => Object.fromEntries([...inputs].map(([name, input]) => [name, valueOf(input)])) as T;
  const check = () => resolver(values(), undefined, { fields: {}, shouldUseNativeValidation: false });

  async function checkField(name: string): Promise<boolean> {
    const error = (await check()).errors[name] as FieldError | undefined;
    setErrors((current) => withError(current, name, error));
    return !error;
  }

  const watching = (name: string) => (watch as readonly string[]).includes(name);
  const noteWatched = (name: string, value: string) =>
    setWatchedValues((current) => (current[name] === value ? current : { ...current, [name]: value }));

  return {
    register: (name) => ({
      name,
      ref: (input: Input | null) => {
        if (!input) return;
        inputs.set(name, input);
        if (watching(name) && input.value) noteWatched(name, input.value);
      },
      onChange: async (event: { target: Input }) => {
        if (watching(name)) noteWatched(name, event.target.value);
        if (submitted.current || (mode === 'onTouched' && touched.has(name))) await checkField(name);
      },
      onBlur: async () => {
        if (mode !== 'onTouched') return;
        touched.add(name);
        await checkField(name);
      },
    }),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      submitted.current = true;
      const result = await check();
      const found = result.errors as Record<string, FieldError | undefined>;
      setErrors(result.errors);
      if (Object.keys(found).length > 0) {
        const first = [...inputs.keys()].find((name) => found[name]);
        if (first !== undefined) inputs.get(first)?.focus();
        return;
      }
      await onValid(result.values as T);
    },
    setError: (name, { message }, { shouldFocus = false } = {}) => {
      setErrors((current) => withError(current, name, { type: 'custom', message }));
      if (shouldFocus) inputs.get(name)?.focus();
    },
    trigger: (name) => checkField(name),
    getValues: (name) => {
      const input = inputs.get(name);
      return (input ? valueOf(input) : undefined) as PathValue<T, typeof name>;
    },
    watched: (name) => watchedValues[name] ?? '',
    formState: { errors },
  };
}
