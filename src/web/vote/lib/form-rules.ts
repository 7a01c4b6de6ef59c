import { PRODUCT_CATEGORIES } from '../../../shared/catalog.js';
import type { IssueFields, SuggestionFields } from './api.js';

/**
 * The messages of src/shared/feedback.schemas.ts and products.schemas.ts, repeated here because
 * importing those files would ship zod (about 60 KB) to every phone. tests/api/vote-page.test.ts
 * checks that these rules answer exactly as the server does.
 */
export const FormMessages = {
  productNameRequired: 'Product name is required',
  categoryRequired: 'Category is required',
  customerNameRequired: 'Your name is required',
  invalidEmail: 'Please enter a valid email address',
} as const;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Close to zod's email rule: one @, no spaces, a dot in the domain. The server has the last word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSuggestion(fields: SuggestionFields): FieldErrors<SuggestionFields> {
  const errors: FieldErrors<SuggestionFields> = {};
  if (!fields.name.trim()) errors.name = FormMessages.productNameRequired;
  if (!fields.category.trim()) errors.category = FormMessages.categoryRequired;
  else if (!(PRODUCT_CATEGORIES as readonly string[]).includes(fields.category)) errors.category = FormMessages.categoryRequired;
  return errors;
}

export function validateIssue(fields: IssueFields): FieldErrors<IssueFields> {
  const errors: FieldErrors<IssueFields> = {};
  if (!fields.customerName.trim()) errors.customerName = FormMessages.customerNameRequired;
  if (!EMAIL_PATTERN.test(fields.customerEmail.trim())) errors.customerEmail = FormMessages.invalidEmail;
  if (!fields.productName.trim()) errors.productName = FormMessages.productNameRequired;
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
