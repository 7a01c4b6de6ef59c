import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn.js';

interface RadioCardsProps {
  legend: string;
  /** Each choice: its value, its name, and a line on what it means. */
  options: readonly { value: string; label: string; hint: string }[];
  /** What react-hook-form's `register(field)` gives: every card is the same field. */
  registration: UseFormRegisterReturn;
  error?: string;
  /** Cards side by side from the small breakpoint. */
  columns: 2 | 3;
}

/** A choice of one among a few, each a bordered card with a hint, the chosen one tinted; a fieldset with its legend. */
export function RadioCards({ legend, options, registration, error, columns }: RadioCardsProps) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm leading-none font-medium text-foreground">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'group flex min-h-10 cursor-pointer items-start gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm',
              'has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
            )}
          >
            <input type="radio" value={option.value} className="mt-0.5 accent-primary" {...registration} />
            <span className="grid gap-0.5">
              <span className="font-medium">{option.label}</span>
              {/* On the chosen card's tinted background the muted grey is too faint; it takes the card's text colour. */}
              <span className="text-muted-foreground group-has-checked:text-primary-soft-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? <p className="text-sm font-medium text-destructive-text">{error}</p> : null}
    </fieldset>
  );
}
