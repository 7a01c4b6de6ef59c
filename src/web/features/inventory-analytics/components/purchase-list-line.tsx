import { Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import {
  MAX_NOTE_LENGTH,
  PURCHASE_SOURCE_LABELS,
  PurchaseListItemUpdateSchema,
  type PurchaseList,
  type PurchaseListItem,
  type PurchaseListItemUpdate,
} from '../../../../shared/stock.schemas.js';
import { formatMoney } from '../../../../shared/money.js';
import { Badge } from '../../../components/ui/badge.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { useRemovePurchaseListItem, useUpdatePurchaseListItem } from '../purchase-list-api.js';
import { BusyButton } from './busy-button.js';
import { SavedField, type Checked } from './saved-field.js';
import { UnitCostField } from './unit-cost-field.js';

/** What the shared schema says of one change: the same words the server would answer. */
function checkChange(changes: PurchaseListItemUpdate): Checked {
  const result = PurchaseListItemUpdateSchema.safeParse(changes);
  return result.success ? { ok: true } : { ok: false, message: result.error.issues[0]?.message ?? 'Not a valid value' };
}

const quantityOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface PurchaseListLineProps {
  item: PurchaseListItem;
  currency: PurchaseList['currency'];
  /** Says what happened, in the dialog's live region (toasts are hidden while a dialog is open). */
  announce: (message: string) => void;
  /**
   * Called as Remove is pressed: the dialog notes where the focus goes once the line is gone (its
   * neighbour in the list, or the heading), and answers the function to call when it is.
   */
  prepareRemoval: (id: number) => () => void;
}

/** One line: the product, its quantity and note (each saved on its own), its cost, and Remove. */
export function PurchaseListLine({ item, currency, announce, prepareRemoval }: PurchaseListLineProps) {
  const id = useId();
  const update = useUpdatePurchaseListItem();
  const remove = useRemovePurchaseListItem();
  const where = `${item.productName} at ${item.machineName}`;
  // Where the focus goes once a unit cost is saved or cleared and its form gives way to the line's cost.
  const costRef = useRef<HTMLSpanElement>(null);

  // Awaited rather than given callbacks: the line unmounts as the list is read again, and the dialog must still hear of it.
  const removeLine = async () => {
    const removed = prepareRemoval(item.id);
    try {
      await remove.mutateAsync(item.id);
      announce(`${where} removed from the list`);
      removed();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      announce(readApiError(error).message ?? `${where} could not be removed. Please try again.`);
    }
  };

  const save = (field: 'quantity' | 'note') => async (text: string) => {
    const changes = field === 'quantity' ? { quantity: quantityOf(text) } : { note: text };
    try {
      await update.mutateAsync({ id: item.id, changes });
      announce(`${field === 'quantity' ? 'Quantity' : 'Note'} of ${where} saved`);
    } catch (error) {
      const details = readApiError(error);
      throw new Error(details.errors?.[field] ?? details.message ?? 'Not saved. Please try again.');
    }
  };

  return (
    <li
      className="grid gap-3 py-4 sm:grid-cols-[1fr_6rem_1fr_auto] sm:items-start"
      aria-label={item.productName}
      data-testid="purchase-line"
      data-line-id={item.id}
    >
      <div className="grid min-w-0 gap-1">
        <span className="font-medium break-words">{item.productName}</span>
        <span className="text-xs text-muted-foreground">
          {[item.brand, item.category].filter(Boolean).join(' · ')}
        </span>
        <span className="flex flex-wrap items-center gap-2 text-xs">
          <Badge variant="outline">{PURCHASE_SOURCE_LABELS[item.source]}</Badge>
          <span data-testid="line-cost" ref={costRef} tabIndex={-1} className="outline-none">
            {item.lineCost === null || item.unitCost === null
              ? 'Cost unknown'
              : `${formatMoney(item.lineCost, currency)} (${formatMoney(item.unitCost, currency)} each)`}
          </span>
        </span>
        <UnitCostField
          // A cleared cost turns Edit into Set: a new field, not the old one's state.
          key={item.unitCost === null ? 'set' : 'edit'}
          productId={item.productId}
          productName={item.productName}
          currency={currency}
          mode={item.unitCost === null ? 'set' : 'edit'}
          current={item.unitCost}
          onSaved={(unitCost) => {
            announce(
              unitCost === null
                ? `Unit cost of ${item.productName} cleared`
                : `Unit cost saved: ${item.productName}, ${formatMoney(unitCost, currency)} a unit`,
            );
            requestAnimationFrame(() => costRef.current?.focus());
          }}
        />
      </div>
      <SavedField
        id={`${id}-quantity`}
        label={
          <>
            Quantity<span className="sr-only"> of {where}</span>
          </>
        }
        value={String(item.quantity)}
        type="number"
        inputMode="numeric"
        check={(text) => checkChange({ quantity: quantityOf(text) })}
        save={save('quantity')}
      />
      <SavedField
        id={`${id}-note`}
        label={
          <>
            Note<span className="sr-only"> for {where}</span>
          </>
        }
        value={item.note}
        maxLength={MAX_NOTE_LENGTH}
        check={(text) => checkChange({ note: text })}
        save={save('note')}
      />
      <BusyButton
        variant="ghost"
        size="sm"
        className="w-fit text-destructive-text sm:mt-5"
        busy={remove.isPending}
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        onClick={() => void removeLine()}
      >
        Remove<span className="sr-only"> {where}</span>
      </BusyButton>
    </li>
  );
}
