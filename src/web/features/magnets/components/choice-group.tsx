import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';

export interface Choice<Value extends string | number> {
  value: Value;
  label: ReactNode;
}

interface ChoiceGroupProps<Value extends string | number> {
  legend: string;
  choices: readonly Choice<Value>[];
  value: Value | undefined;
  onChange: (value: Value) => void;
  /** Columns from the small breakpoint up; one row of wrapped choices below it. */
  className?: string;
}

/**
 * One choice of several as native radio buttons in a fieldset: its legend names the group, the
 * arrow keys move between the choices, and each is a large target on a phone.
 */
export function ChoiceGroup<Value extends string | number>({ legend, choices, value, onChange, className }: ChoiceGroupProps<Value>) {
  const name = useId();
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm leading-none font-medium text-foreground">{legend}</legend>
      <div className={cn('flex flex-wrap gap-2', className)}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm',
              'has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
            )}
          >
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="size-4 shrink-0 accent-primary focus-visible:outline-none"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
