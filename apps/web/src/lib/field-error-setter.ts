import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldErrorOf } from './form-errors';

/**
 * Puts a refused submission's message on the field it belongs to (see `fieldErrorOf`) and focuses
 * that field; an error about none of `fields` is left alone.
 */
export function fieldErrorSetter<F extends FieldValues, N extends FieldPath<F>>(
  setError: UseFormSetError<F>,
  fields: readonly N[],
): (error: unknown) => void {
  return (error) => {
    const fieldError = fieldErrorOf(error, fields);
    if (fieldError) setError(fieldError.field, { message: fieldError.message }, { shouldFocus: true });
  };
}
