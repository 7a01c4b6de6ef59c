import { useId } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { Label } from '../../../components/ui/label.js';
import { TextField } from '../../../components/ui/text-field.js';

export interface InReturn {
  given: boolean;
  description: string;
  value: string;
}

interface InReturnFieldsProps {
  value: InReturn;
  onChange: (value: InReturn) => void;
  /** The server's messages by its keys: 'inReturn.description', 'inReturn.value'. */
  errors: Record<string, string>;
}

/**
 * What the charity gave back (a meal, a ticket): the deduction is the gift's value less this, and
 * the receipt must say so. Hidden until the box is ticked.
 */
export function InReturnFields({ value, onChange, errors }: InReturnFieldsProps) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={value.given}
          onChange={(event) => onChange({ ...value, given: event.target.checked })}
          aria-controls={value.given ? `${id}-fields` : undefined}
        />
        <Label htmlFor={id}>The charity gave something in return</Label>
      </div>
      {value.given ? (
        <div id={`${id}-fields`} className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextField
            label="What you received"
            autoComplete="off"
            maxLength={500}
            value={value.description}
            onChange={(event) => onChange({ ...value, description: event.target.value })}
            error={errors['inReturn.description'] ?? errors.inReturn}
          />
          <TextField
            label="Its value ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={value.value}
            onChange={(event) => onChange({ ...value, value: event.target.value })}
            error={errors['inReturn.value']}
          />
        </div>
      ) : null}
    </div>
  );
}
