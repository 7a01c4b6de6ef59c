import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import type { MessageKey, MessageParams, Translator } from '../../../shared/vote-page-messages/translate.js';
import type { IssueFields, SuggestionFields } from './api.js';

/**
 * The rules of src/shared/feedback.schemas.ts and products.schemas.ts, repeated here because
 * importing those files would ship zod (about 60 KB) to every phone. A rule names its message by
 * key, shown in the reader's language; the English catalogue holds the server's words, and
 * tests/api/vote-page.test.ts checks that these rules answer exactly as the server does.
 */
type FormMessageKey = Extract<MessageKey, `form.${string}`>;
export type FieldError = { key: FormMessageKey; params?: MessageParams } | { text: string };
export type FieldErrors<T> = Partial<Record<keyof T, FieldError>>;

/** The servers' length limits, so a field cannot get past them at all. */
export const FIELD_MAX_LENGTH = {
  name: 120,
  brand: 120,
  suggestedBy: 100,
  email: 254,
  customerName: 100,
  customerEmail: 254,
  productName: 120,
  issueDescription: 2000,
} as const satisfies Partial<Record<keyof SuggestionFields | keyof IssueFields, number>>;

/** Close to zod's email rule: one @, no spaces, a dot in the domain. The server has the last word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSuggestion(fields: SuggestionFields): FieldErrors<SuggestionFields> {
  const errors: FieldErrors<SuggestionFields> = {};
  if (!fields.name.trim()) errors.name = { key: 'form.productNameRequired' };
  if (!(PRODUCT_CATEGORIES as readonly string[]).includes(fields.category)) errors.category = { key: 'form.categoryRequired' };
  const email = fields.email.trim();
  if (email !== '' && !EMAIL_PATTERN.test(email)) errors.email = { key: 'form.invalidEmail' };
  return errors;
}

export function validateIssue(fields: IssueFields): FieldErrors<IssueFields> {
  const errors: FieldErrors<IssueFields> = {};
  if (!fields.customerName.trim()) errors.customerName = { key: 'form.customerNameRequired' };
  if (!EMAIL_PATTERN.test(fields.customerEmail.trim())) errors.customerEmail = { key: 'form.invalidEmail' };
  if (!fields.productName.trim()) errors.productName = { key: 'form.productNameRequired' };
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** The server's English field messages the page knows, by the key of its own text for them. */
const SERVER_FIELD_MESSAGES: Record<string, FormMessageKey> = {
  'Product name is required': 'form.productNameRequired',
  'Category is required': 'form.categoryRequired',
  'Your name is required': 'form.customerNameRequired',
  'Please enter a valid email address': 'form.invalidEmail',
};
const TOO_LONG = /^Must be at most (\d+) characters$/;

/** A server's field message as the page shows it: a known one in the reader's language, any other as sent. */
export function fieldErrorFromServer(message: string): FieldError {
  const key = SERVER_FIELD_MESSAGES[message];
  if (key) return { key };
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? { key: 'form.tooLong', params: { max: Number(tooLong[1]) } } : { text: message };
}

export function fieldErrorsFromServer<T>(errors: Record<string, string>): FieldErrors<T> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, fieldErrorFromServer(message)])) as FieldErrors<T>;
}

export const fieldErrorText = (error: FieldError | undefined, { t }: Pick<Translator, 't'>) =>
  error === undefined ? undefined : 'key' in error ? t(error.key, error.params) : error.text;
