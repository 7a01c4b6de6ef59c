import { Trash2 } from 'lucide-react';
import { MAX_LINE_QUANTITY } from '../../../../shared/donation-hub.schemas.js';
import { formatMoney } from '../../../../shared/money.js';
import { Button } from '../../../components/ui/button.js';
import { TextField } from '../../../components/ui/text-field.js';
import { centsText, lineTotalCents, type DonationLineDraft, type LineField } from '../donation-lines.js';

interface DonationLineFieldsProps {
  line: DonationLineDraft;
  index: number;
  errors: Partial<Record<LineField, string>> | undefined;
  /** Spec 5: a line can be removed only while more than one exists. */
  canRemove: boolean;
  /** A row just added with Add Product takes the focus. */
  autoFocus: boolean;
  onChange: (changes: Partial<DonationLineDraft>) => void;
  onRemove: () => void;
}

/** One donated product: a group named 'Product N', its fields labelled inside it. */
export function DonationLineFields({ line, index, errors, canRemove, autoFocus, onChange, onRemove }: DonationLineFieldsProps) {
  const number = index + 1;
  const total = formatMoney(centsText(lineTotalCents(line)), 'USD');
  return (
    <div className="relative min-w-0 rounded-lg border border-border p-3" data-testid="donation-line">
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-3 pr-28 text-sm font-semibold">
          Product {number}
          {line.productId !== null ? <span className="font-normal text-muted-foreground"> · from your catalogue</span> : null}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Product name"
            value={line.name}
            maxLength={120}
            autoComplete="off"
            autoFocus={autoFocus}
            error={errors?.name ?? errors?.productId}
            onChange={(event) => onChange({ name: event.target.value })}
          />
          <TextField
            label="Brand"
            value={line.brand}
            maxLength={120}
            autoComplete="off"
            error={errors?.brand}
            onChange={(event) => onChange({ brand: event.target.value })}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <TextField
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LINE_QUANTITY}
            step={1}
            value={line.quantity}
            error={errors?.quantity}
            onChange={(event) => onChange({ quantity: event.target.value })}
          />
          <TextField
            label="Unit value ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={line.unitValue}
            error={errors?.unitValue}
            onChange={(event) => onChange({ unitValue: event.target.value })}
          />
          <TextField
            label="Cost per unit ($)"
            hint="Optional: what one unit cost you."
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={line.unitCost}
            error={errors?.unitCost}
            onChange={(event) => onChange({ unitCost: event.target.value })}
          />
          <div className="grid content-start gap-2">
            <span className="text-sm leading-none font-medium" id={`${line.key}-total-label`}>
              Line total
            </span>
            <output aria-labelledby={`${line.key}-total-label`} className="flex h-10 items-center text-sm font-semibold tabular-nums">
              {total}
            </output>
          </div>
        </div>
      </fieldset>
      {canRemove ? (
        <Button
          variant="ghost"
          size="sm"
          className="absolute top-1.5 right-1.5 text-destructive-text"
          onClick={onRemove}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
        >
          Remove<span className="sr-only"> product {number}</span>
        </Button>
      ) : null}
    </div>
  );
}
