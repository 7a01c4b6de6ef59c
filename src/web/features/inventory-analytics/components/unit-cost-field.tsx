import { Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { InventoryAnalytics } from '../../../../shared/analytics.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { checkUnitCost, useSetUnitCost } from '../unit-cost-api.js';
import { BusyButton } from './busy-button.js';

interface UnitCostFieldProps {
  productId: number;
  productName: string;
  currency: InventoryAnalytics['currency'];
  /**
   * 'set' where the cost is unknown: the form is open and asks for an amount. 'edit' where a cost is
   * known: an 'Edit unit cost' button opens the form, where an empty field clears the cost.
   */
  mode?: 'set' | 'edit';
  /** The cost as the page knows it, to start the field with (when known). */
  current?: string | null;
  /** Whether the label names the product on screen too (a screen reader always hears it). */
  nameProduct?: boolean;
  /** Called once the cost is saved (null: cleared) and the figures that use it are read again; says so, and takes the focus, where the caller can. */
  onSaved: (unitCost: string | null) => void;
}

interface CostFormProps extends Omit<UnitCostFieldProps, 'mode'> {
  label: ReactNode;
  hint?: string;
  allowEmpty: boolean;
  autoFocus?: boolean;
  onCancel?: () => void;
}

/** The field and its Save: what was typed is checked by the shared schema, then saved to the product. */
function CostForm({ productId, productName, currency, current, label, hint, allowEmpty, autoFocus, onCancel, onSaved }: CostFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const save = useSetUnitCost();
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkUnitCost(text, { allowEmpty });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    try {
      // Awaited rather than given callbacks: the form unmounts when the new figures arrive, and the caller still hears of it.
      const saved = await save.mutateAsync({ productId, unitCost: checked.unitCost });
      onSaved(saved.unitCost);
    } catch (failure) {
      if (isUnauthorizedError(failure)) return;
      const details = readApiError(failure);
      setError(details.errors?.unitCost ?? details.message ?? 'Not saved. Please try again.');
    }
  };

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-1" data-testid="unit-cost-form">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label} ({currency})
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.85"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
          className="h-9 w-28"
        />
        <BusyButton type="submit" size="sm" variant="outline" busy={save.isPending}>
          Save<span className="sr-only"> unit cost of {productName}</span>
        </BusyButton>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel<span className="sr-only"> editing the unit cost of {productName}</span>
          </Button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {/* An alert, so a screen reader says the refusal the moment it appears, as the app's other forms do. */}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** 'Edit unit cost': a known cost changed, or cleared by leaving the field empty. */
function EditUnitCost(props: Omit<UnitCostFieldProps, 'mode'>) {
  const { productName, nameProduct = false, onSaved } = props;
  const [editing, setEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const named = <span className={cn(!nameProduct && 'sr-only')}> of {productName}</span>;

  if (!editing) {
    return (
      <Button
        ref={buttonRef}
        variant="link"
        className="w-fit text-xs"
        onClick={() => setEditing(true)}
        icon={<Pencil className="size-3" aria-hidden="true" />}
        data-testid="edit-unit-cost"
      >
        Edit unit cost{named}
      </Button>
    );
  }
  return (
    <CostForm
      {...props}
      label={<>Unit cost{named}</>}
      hint="Leave empty to clear it."
      allowEmpty
      autoFocus
      onCancel={() => {
        setEditing(false);
        requestAnimationFrame(() => buttonRef.current?.focus());
      }}
      onSaved={(unitCost) => {
        setEditing(false);
        onSaved(unitCost);
      }}
    />
  );
}

/**
 * A product's unit cost where the stock figures use it: 'Set unit cost' where it is unknown, 'Edit
 * unit cost' where it is known. Saved to the product, the stock savings and purchase-list costs are
 * then worked out with it.
 */
export function UnitCostField({ mode = 'set', ...props }: UnitCostFieldProps) {
  if (mode === 'edit') return <EditUnitCost {...props} />;
  const named = <span className={cn(!props.nameProduct && 'sr-only')}> of {props.productName}</span>;
  return <CostForm {...props} label={<>Set unit cost{named}</>} allowEmpty={false} />;
}
