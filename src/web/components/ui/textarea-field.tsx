import type { ComponentProps } from 'react';
import { FormField } from './form-field.js';
import { Textarea } from './textarea.js';

interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled multi-line field, its hint and error wired for assistive technology as TextField's are. */
export function TextareaField({ label, error, hint, id, ...textareaProps }: TextareaFieldProps) {
  return (
    <FormField label={label} id={id} error={error} hint={hint}>
      {(control) => <Textarea {...control} {...textareaProps} />}
    </FormField>
  );
}
