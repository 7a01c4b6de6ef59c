import { Plus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { EDUCATOR_LIMITS } from '../../../../shared/educators.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';

interface HighlightsFieldProps {
  value: string[];
  onChange: (highlights: string[]) => void;
  /** The message for the whole list (none filled in, too many). */
  error?: string;
  /** Messages for single rows, by index (one too long). */
  rowErrors?: (string | undefined)[];
}

/**
 * The educator's highlights, one row each (spec: at least one row; a row can be removed only while
 * more than one remains). Blank rows are dropped when the form is saved.
 */
export function EducatorHighlightsField({ value, onChange, error, rowErrors = [] }: HighlightsFieldProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const rows = value.length > 0 ? value : [''];
  const canAdd = rows.length < EDUCATOR_LIMITS.highlights;

  const setRow = (index: number, text: string) => onChange(rows.map((row, n) => (n === index ? text : row)));
  const addRow = () => {
    onChange([...rows, '']);
    // The new row takes the focus, so typing can go on at once.
    requestAnimationFrame(() => [...(list.current?.querySelectorAll('input') ?? [])].at(-1)?.focus());
  };
  const removeRow = (index: number) => onChange(rows.filter((_, n) => n !== index));

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">
        Highlights <span aria-hidden="true">*</span>
        <span className="sr-only">(at least one required)</span>
      </legend>
      <div ref={list} className="grid gap-2">
        {rows.map((row, index) => (
          <div key={index} className="grid gap-1">
            <div className="flex gap-2">
              <Input
                aria-label={`Highlight ${index + 1}`}
                value={row}
                maxLength={EDUCATOR_LIMITS.highlight}
                aria-invalid={rowErrors[index] ? true : undefined}
                onChange={(event) => setRow(index, event.target.value)}
              />
              {rows.length > 1 ? (
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove highlight ${index + 1}`} onClick={() => removeRow(index)}>
                  <X className="size-4" aria-hidden="true" />
                </Button>
              ) : null}
            </div>
            {rowErrors[index] ? <p className="text-sm font-medium text-destructive-text">{rowErrors[index]}</p> : null}
          </div>
        ))}
      </div>
      {canAdd ? (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={addRow}>
          <Plus className="size-4" aria-hidden="true" />
          Add Highlight
        </Button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
