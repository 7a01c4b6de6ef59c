import { Check, CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { routeDoneApi, routeFillsApi, routeIssuesApi, routeResolveApi, type RouteStop } from '../../../../shared/route.schemas.js';
import type { SlotStock } from '../../../../shared/slot-stock.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { formatDateTime } from '../../../lib/dates.js';
import { newUuid } from '../../../lib/uuid.js';
import type { Outbox } from '../use-outbox.js';

interface MachineVisitProps {
  stop: RouteStop;
  outbox: Outbox;
  readOnly: boolean;
}

/** At the machine: what to bring, each slot filled with a tap, issues noted or resolved, and the visit marked done. */
export function MachineVisit({ stop, outbox, readOnly }: MachineVisitProps) {
  const mine = outbox.waiting.filter((change) => change.machineId === stop.machineId);
  const filledSlots = new Map(mine.filter((change) => change.kind === 'fills').map((change) => { const fill = slotFillOf(change.body); return [fill.code, fill] as const; }));
  const resolving = new Set(mine.filter((change) => change.kind === 'resolve').map((change) => Number(change.url.split('/').at(-2))));
  const noted = mine.filter((change) => change.kind === 'issue');
  const doneWaiting = mine.some((change) => change.kind === 'done');
  const now = () => new Date().toISOString();

  const fill = (slot: SlotStock, unitsLeft: number, unitsFilled: number, label: string) =>
    outbox.record({
      key: newUuid(),
      kind: 'fills',
      method: 'POST',
      url: routeFillsApi(stop.machineId),
      body: { at: now(), slots: [{ code: slot.code, unitsLeft, unitsFilled }] },
      machineId: stop.machineId,
      label: `${stop.name}, ${slot.code}: ${label}`,
    });

  return (
    <div className="grid gap-5 border-t pt-4">
      <VisitSection title="What to bring">
        {stop.pickList.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing: every slot is at its par and nothing is on the purchase list for this machine.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {stop.pickList.map((line) => (
              <li key={line.productId} className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium break-words">
                  {line.productName} × {line.quantity}
                </span>
                <span className="text-muted-foreground">
                  {line.basis === 'purchase-list' ? 'purchase list' : 'to par'}
                  {line.slots ? ` · ${line.slots}` : ''}
                </span>
                {line.note && <span className="w-full text-muted-foreground italic">{line.note}</span>}
              </li>
            ))}
          </ul>
        )}
      </VisitSection>

      <VisitSection title="Slots">
        {stop.slots.filter((slot) => slot.productId !== null).length === 0 ? (
          <p className="text-sm text-muted-foreground">This machine has no planogram yet: its slots are set on the machine’s page.</p>
        ) : (
          <ul className="grid gap-2">
            {stop.slots
              .filter((slot) => slot.productId !== null)
              .map((slot) => (
                <SlotRow key={slot.code} slot={slot} waiting={filledSlots.get(slot.code)} readOnly={readOnly} onFill={(left, filled, label) => void fill(slot, left, filled, label)} />
              ))}
          </ul>
        )}
      </VisitSection>

      <VisitSection title="Issues">
        {stop.openIssues.length === 0 && noted.length === 0 && <p className="text-sm text-muted-foreground">No open issues at this machine.</p>}
        <ul className="grid gap-2">
          {stop.openIssues.map((issue) => (
            <li key={issue.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="route-issue">
              <p className="font-medium break-words">
                {issue.productName}: {issue.issueDescription ?? 'no description'}
              </p>
              <p className="text-muted-foreground">
                {issue.reportedBy ? `Noted by ${issue.reportedBy}` : `Reported by ${issue.customerName}`} · {formatDateTime(issue.createdAt)}
              </p>
              {resolving.has(issue.id) ? (
                <Badge variant="info" className="w-fit">
                  Resolved · waiting to send
                </Badge>
              ) : (
                !readOnly && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="w-fit"
                    icon={<Check className="size-4" aria-hidden="true" />}
                    onClick={() =>
                      void outbox.record({
                        key: newUuid(),
                        kind: 'resolve',
                        method: 'POST',
                        url: routeResolveApi(issue.id),
                        body: { at: now() },
                        machineId: stop.machineId,
                        label: `${stop.name}: issue “${issue.productName}” resolved`,
                      })
                    }
                  >
                    Resolve
                  </Button>
                )
              )}
            </li>
          ))}
          {noted.map((change) => (
            <li key={change.key} className="grid gap-1 rounded-md border border-dashed p-3 text-sm">
              <p className="font-medium break-words">
                {String(change.body.productName)}: {String(change.body.description)}
              </p>
              <Badge variant="info" className="w-fit">
                Noted · waiting to send
              </Badge>
            </li>
          ))}
        </ul>
        {!readOnly && <NoteIssueForm stop={stop} outbox={outbox} />}
      </VisitSection>

      {!readOnly && (
        <section className="grid gap-2" aria-label="Finish the visit">
          {stop.doneToday ? (
            <p className="flex items-center gap-2 text-sm font-medium text-success-soft-foreground">
              <CircleCheck className="size-4" aria-hidden="true" /> Visit done {formatDateTime(stop.doneToday.at)}
              {stop.doneToday.by ? ` by ${stop.doneToday.by}` : ''}
            </p>
          ) : doneWaiting ? (
            <p className="text-sm font-medium">Visit done · waiting to send</p>
          ) : (
            <Button
              size="lg"
              className="w-full"
              icon={<CircleCheck className="size-4" aria-hidden="true" />}
              onClick={() =>
                void outbox.record({
                  key: newUuid(),
                  kind: 'done',
                  method: 'POST',
                  url: routeDoneApi(stop.machineId),
                  body: { at: now() },
                  machineId: stop.machineId,
                  label: `${stop.name}: visit done`,
                })
              }
            >
              Mark visit done
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

interface SentFill {
  code: string;
  unitsLeft: number;
  unitsFilled: number;
}

/** A part of the visit, under its heading (the stop's name is the heading above). */
function VisitSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function slotFillOf(body: Record<string, unknown>): SentFill {
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
function SlotRow({ slot, waiting, readOnly, onFill }: SlotRowProps) {
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

/** An issue the driver found at the machine: about a product in it, or the machine itself. */
function NoteIssueForm({ stop, outbox }: { stop: RouteStop; outbox: Outbox }) {
  const products = [...new Set(stop.slots.flatMap((slot) => (slot.productName ? [slot.productName] : [])))].sort();
  const [productName, setProductName] = useState('Machine');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setError('Describe the issue');
      return;
    }
    setError(null);
    void outbox.record({
      key: newUuid(),
      kind: 'issue',
      method: 'POST',
      url: routeIssuesApi(stop.machineId),
      body: { productName, description: description.trim() },
      machineId: stop.machineId,
      label: `${stop.name}: issue noted (${productName})`,
    });
    setDescription('');
  };

  return (
    <form className="grid gap-2 rounded-md bg-muted/40 p-3" onSubmit={submit} noValidate aria-label={`Note an issue at ${stop.name}`}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-product`}>Note an issue with</Label>
        <select
          id={`${id}-product`}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          value={productName}
          onChange={(event) => setProductName(event.target.value)}
        >
          <option value="Machine">The machine itself</option>
          {products.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-description`}>What is wrong</Label>
        <Textarea
          id={`${id}-description`}
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive-text" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" variant="outline" size="sm" className="w-fit">
        Save issue
      </Button>
    </form>
  );
}
