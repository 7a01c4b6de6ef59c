import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field.js';
import { Input } from './input.js';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The field's validation message; ties itself to the input with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  /** Extra content beside the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
}

/** A labelled input with its hint and error wired for assistive technology. */
export function TextField({ label, error, hint, labelAside, id, className, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} id={id} error={error} hint={hint} labelAside={labelAside} className={className}>
      {(control) => <Input {...control} {...inputProps} />}
    </FormField>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  /** 'new' lets a password manager suggest a password; 'current' lets it fill the saved one. */
  purpose?: 'current' | 'new';
};

/** A required password field. */
export function PasswordField({ purpose = 'current', ...props }: PasswordFieldProps) {
  return <TextField type="password" autoComplete={`${purpose}-password`} aria-required="true" {...props} />;
}

/** A required email address field; phones show their email keyboard. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" aria-required="true" {...props} />;
}
