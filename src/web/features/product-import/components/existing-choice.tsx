import { useId } from 'react';
import type { ExistingProductAction } from '../../../../shared/product-import.schemas.js';
import { cn } from '../../../lib/cn.js';

const CHOICES: { value: ExistingProductAction; label: string; hint: string }[] = [
  { value: 'skip', label: 'Skip them', hint: 'Your products stay as they are.' },
  { value: 'update', label: 'Update them', hint: 'Category, price and description come from the file; an empty price or description keeps yours.' },
];

interface ExistingChoiceProps {
  count: number;
  value: ExistingProductAction;
  onChange: (value: ExistingProductAction) => void;
  disabled?: boolean;
}

/** One choice for every row that matches a product already in the catalogue (or an earlier row). */
export function ExistingChoice({ count, value, onChange, disabled = false }: ExistingChoiceProps) {
  const name = useId();
  return (
    <fieldset className="grid min-w-0 gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">
        {count === 1 ? '1 row matches' : `${count.toLocaleString('en-US')} rows match`} a product you already have (same name and brand, ignoring capitals). For all of them:
      </legend>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex min-h-10 max-w-md cursor-pointer items-start gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm',
              'has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{choice.label}</span>
              <span className="text-xs">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
