import { Check, CircleCheck } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { routeDoneApi, routeFillsApi, routeIssuesApi, routeResolveApi, type RouteStop } from '../../../../shared/route.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { formatDateTime } from '../../../lib/dates.js';
import { newUuid } from '../../../lib/uuid.js';
import type { ChangeKind } from '../outbox.js';
import type { Outbox } from '../use-outbox.js';
import { NoteIssueForm } from './note-issue-form.js';
import { SlotRow, slotFillOf } from './slot-row.js';

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
  /** Queues a change made at this machine now, under a new key. */
  const record = (kind: ChangeKind, url: string, body: Record<string, unknown>, label: string) =>
    void outbox.record({ key: newUuid(), kind, method: 'POST', url, body: { at: new Date().toISOString(), ...body }, machineId: stop.machineId, label: `${stop.name}${label}` });

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
                <SlotRow key={slot.code} slot={slot} waiting={filledSlots.get(slot.code)} readOnly={readOnly} onFill={(unitsLeft, unitsFilled, label) => record('fills', routeFillsApi(stop.machineId), { slots: [{ code: slot.code, unitsLeft, unitsFilled }] }, `, ${slot.code}: ${label}`)} />
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
                    onClick={() => record('resolve', routeResolveApi(issue.id), {}, `: issue “${issue.productName}” resolved`)}
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
        {!readOnly && (
          <NoteIssueForm stop={stop} onNote={(productName, description) => record('issue', routeIssuesApi(stop.machineId), { productName, description }, `: issue noted (${productName})`)} />
        )}
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
              onClick={() => record('done', routeDoneApi(stop.machineId), {}, ': visit done')}
            >
              Mark visit done
            </Button>
          )}
        </section>
      )}
    </div>
  );
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
