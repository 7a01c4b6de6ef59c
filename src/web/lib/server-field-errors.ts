import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readApiError, type ApiErrorDetails } from './api.js';

/** The server's field errors that belong to one of the form's fields, for showing inline. */
export function fieldErrorsFor<Field extends string>(fields: readonly Field[], errors: Record<string, string> | undefined): [Field, string][] {
  return Object.entries(errors ?? {}).filter((entry): entry is [Field, string] => (fields as readonly string[]).includes(entry[0]));
}

/**
 * Puts the server's messages for a form's own fields beside those fields, and answers the error's
 * details for the rest (a general message, a status). Fields the form does not have are left out.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): ApiErrorDetails {
  const details = readApiError(error);
  for (const [field, message] of fieldErrorsFor(fields, details.errors)) setError(field, { type: 'server', message });
  return details;
}
