import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readApiError, type ApiErrorDetails } from './api.js';

/**
 * Puts the server's messages for a form's own fields beside those fields, and answers the error's
 * details for the rest (a general message, a status). Fields the form does not have are left out.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): ApiErrorDetails {
  const details = readApiError(error);
  for (const [field, message] of Object.entries(details.errors ?? {})) {
    const known = fields.find((candidate) => candidate === field);
    if (known) setError(known, { type: 'server', message });
  }
  return details;
}
