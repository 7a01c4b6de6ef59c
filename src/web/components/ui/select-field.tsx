import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from './form-field.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.js';

interface SelectFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  label: string;
  /** Shown while nothing is chosen yet. */
  placeholder?: string;
  /** Each choice as [value, what the user reads]. */
  options: readonly (readonly [string, string])[];
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** Marked and announced as required, as text fields are. */
  required?: boolean;
  className?: string;
}

/** A labelled choice of a react-hook-form form, its error tied to the trigger as a text field's is. */
export function SelectField<Values extends FieldValues, Output>({
  control,
  name,
  label,
  placeholder,
  options,
  error,
  hint,
  disabled,
  required,
  className,
}: SelectFieldProps<Values, Output>) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(attributes) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name} disabled={disabled}>
              <SelectTrigger {...attributes} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map(([value, text]) => (
                  <SelectItem key={value} value={value}>
                    {text}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
