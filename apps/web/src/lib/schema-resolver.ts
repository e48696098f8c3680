import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A zod schema as a form resolver (react-hook-form's contract), for the first screens' forms
 * (lib/use-plain-form.ts, decision 030): @hookform/resolvers' own imports react-hook-form. As
 * there, a field's message is the first rule it breaks, and a valid form gives the parsed values.
 */
export function schemaResolver<T extends FieldValues>(schema: ZodType<T>): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
