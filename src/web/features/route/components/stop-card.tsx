import { ArrowDown, ArrowUp, ChevronDown, ChevronUp } from 'lucide-react';
import type { RouteStop } from '../../../../shared/route.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { formatDateTime } from '../../../lib/dates.js';
import type { Outbox } from '../use-outbox.js';
import { MachineVisit } from './machine-visit.js';

interface StopCardProps {
  stop: RouteStop;
  position: number;
  count: number;
  open: boolean;
  onToggle: () => void;
  onMove: (by: -1 | 1) => void;
  outbox: Outbox;
  readOnly: boolean;
}

/** One machine of the day: what to bring, its open issues and last visit; opened, the visit itself. */
export function StopCard({ stop, position, count, open, onToggle, onMove, outbox, readOnly }: StopCardProps) {
  const doneWaiting = outbox.waiting.some((change) => change.kind === 'done' && change.machineId === stop.machineId);
  const visitId = `visit-${stop.machineId}`;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground" aria-hidden="true">
          {position}
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-lg font-semibold break-words">{stop.name}</h2>
          <p className="text-sm break-words text-muted-foreground">{[stop.location, stop.address].filter(Boolean).join(' · ')}</p>
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">
              {stop.unitsToBring} {stop.unitsToBring === 1 ? 'unit' : 'units'} to bring
            </Badge>
            {stop.openIssues.length > 0 && (
              <Badge variant="destructive">
                {stop.openIssues.length} open {stop.openIssues.length === 1 ? 'issue' : 'issues'}
              </Badge>
            )}
            {stop.doneToday ? (
              <Badge variant="success">Done today{stop.doneToday.by ? ` by ${stop.doneToday.by}` : ''}</Badge>
            ) : doneWaiting ? (
              <Badge variant="info">Done · waiting to send</Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {stop.lastVisit ? `Last visit ${formatDateTime(stop.lastVisit.at)}${stop.lastVisit.by ? ` by ${stop.lastVisit.by}` : ''}` : 'No visit recorded yet'}
          </p>
        </div>
        {!readOnly && count > 1 && (
          <div className="flex shrink-0 flex-col gap-1">
            <Button variant="ghost" size="icon" aria-label={`Move ${stop.name} earlier`} disabled={position === 1} onClick={() => onMove(-1)}>
              <ArrowUp className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Move ${stop.name} later`} disabled={position === count} onClick={() => onMove(1)}>
              <ArrowDown className="size-4" aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <Button
        variant={open ? 'outline' : 'primary'}
        className="w-full"
        aria-expanded={open}
        aria-controls={visitId}
        icon={open ? <ChevronUp className="size-4" aria-hidden="true" /> : <ChevronDown className="size-4" aria-hidden="true" />}
        onClick={onToggle}
      >
        {open ? 'Close' : readOnly ? `Look at ${stop.name}` : `Visit ${stop.name}`}
      </Button>
      {open && (
        <div id={visitId}>
          <MachineVisit stop={stop} outbox={outbox} readOnly={readOnly} />
        </div>
      )}
    </Card>
  );
}
