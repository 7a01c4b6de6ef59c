import { Check } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SlotStock } from '../../../../shared/slot-stock.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { formatDateTime } from '../../../lib/dates.js';

/** A slot's fill as the phone sends it. */
export interface SentFill {
  code: string;
  unitsLeft: number;
  unitsFilled: number;
}

export function slotFillOf(body: Record<string, unknown>): SentFill {
  const [slot] = body.slots as SentFill[];
  return slot ?? { code: '', unitsLeft: 0, unitsFilled: 0 };
}

const BASIS_WORDS: Record<SlotStock['basis'], string> = {
  sales: 'from the machine’s sales',
  votes: 'estimated from up-votes',
  'assumed-fill': 'assuming a fill on your fill day',
  'empty-slot': '',
};

interface SlotRowProps {
  slot: SlotStock;
  /** The fill recorded on this phone and not sent yet. */
  waiting: SentFill | undefined;
  readOnly: boolean;
  onFill: (unitsLeft: number, unitsFilled: number, label: string) => void;
}

/**
 * One slot: its estimated stock and what it lacks of par. 'Filled to par' says the estimate was
 * right and the slot now holds its par; otherwise the driver counts what was left and what went in.
 */
export function SlotRow({ slot, waiting, readOnly, onFill }: SlotRowProps) {
  const [counting, setCounting] = useState(false);
  const estimate = Math.min(slot.capacity, Math.floor(slot.stock ?? 0));
  const [left, setLeft] = useState(String(estimate));
  const [filled, setFilled] = useState(String(slot.toPar));
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const unitsLeft = Number(left);
    const unitsFilled = Number(filled);
    if (!Number.isInteger(unitsLeft) || unitsLeft < 0 || !Number.isInteger(unitsFilled) || unitsFilled < 0) {
      setError('Enter whole numbers, 0 or more');
      return;
    }
    if (unitsLeft + unitsFilled > slot.capacity) {
      setError(`${slot.code} holds at most ${slot.capacity}: units left plus units put in cannot be more`);
      return;
    }
    setError(null);
    setCounting(false);
    onFill(unitsLeft, unitsFilled, `${unitsFilled} put in, ${unitsLeft} were left`);
  };

  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm" data-testid="route-slot">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-words">
          {slot.code} · {slot.productName}
        </span>
        <span className="text-muted-foreground">
          about {slot.stock ?? 0} of {slot.par} ({BASIS_WORDS[slot.basis]}) · {slot.toPar} to par
        </span>
      </div>
      {slot.soldOutAt && <p className="text-destructive-text">The machine reported it sold out {formatDateTime(slot.soldOutAt)}.</p>}
      {waiting ? (
        <Badge variant="info" className="w-fit">
          {waiting.unitsFilled} put in · waiting to send
        </Badge>
      ) : (
        !readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              icon={<Check className="size-4" aria-hidden="true" />}
              aria-label={`${slot.code} filled to par (${slot.toPar} put in)`}
              onClick={() => onFill(estimate, Math.max(0, slot.par - estimate), `filled to par, ${Math.max(0, slot.par - estimate)} put in`)}
            >
              Filled to par
            </Button>
            <Button variant="outline" size="sm" aria-expanded={counting} aria-controls={`${id}-count`} onClick={() => setCounting((value) => !value)}>
              Other amount
            </Button>
          </div>
        )
      )}
      {counting && !waiting && (
        <form id={`${id}-count`} className="grid gap-2" onSubmit={submit} noValidate>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-left`}>Units left</Label>
              <Input id={`${id}-left`} inputMode="numeric" value={left} onChange={(event) => setLeft(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-filled`}>Units put in</Label>
              <Input id={`${id}-filled`} inputMode="numeric" value={filled} onChange={(event) => setFilled(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
            </div>
          </div>
          {error && (
            <p id={`${id}-error`} className="text-destructive-text" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" size="sm" className="w-fit">
            Save {slot.code}
          </Button>
        </form>
      )}
    </li>
  );
}
