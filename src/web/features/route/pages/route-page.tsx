import { MapPinned } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RouteStop } from '../../../../shared/route.schemas.js';
import { ROUTE_ORDER_API } from '../../../../shared/route.schemas.js';
import { PageTitle } from '../../../components/page-title.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatCalendarDay } from '../../../lib/dates.js';
import { useAuth } from '../../../lib/auth.js';
import { useMyTeams } from '../../team/api.js';
import { useRouteDay } from '../api.js';
import { OutboxStatus } from '../components/outbox-status.js';
import { StopCard } from '../components/stop-card.js';
import { keepRouteOnPhone } from '../offline-shell.js';
import { useOutbox } from '../use-outbox.js';

/**
 * 'Today' (issue 31): the machines to visit in the member's order, each with what to bring, its open
 * issues and its last visit; at a machine, what went into each slot, issues noted or resolved, and
 * the visit marked done. Everything recorded is queued on the phone first, so it works with no
 * signal and is sent once the phone is online.
 */
export function RoutePage() {
  const { user } = useAuth();
  const teams = useMyTeams();
  const teamId = teams.data?.find((team) => team.current)?.teamId;
  const day = useRouteDay();
  const outbox = useOutbox(user?.id, teamId);
  const [openMachine, setOpenMachine] = useState<number | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);

  useEffect(() => keepRouteOnPhone(), []);

  const stops = inOrder(day.data?.stops ?? [], order ?? orderQueued(outbox.waiting));

  const move = (machineId: number, by: -1 | 1) => {
    const ids = stops.map((stop) => stop.machineId);
    const from = ids.indexOf(machineId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setOrder(ids);
    // The order is a change like any other: kept on the phone until the server has it.
    void outbox.record({ key: `order:${user?.id}:${teamId}`, kind: 'order', method: 'PUT', url: ROUTE_ORDER_API, body: { machineIds: ids }, machineId: 0, label: 'New order of the machines' });
  };

  const unitsToBring = stops.reduce((sum, stop) => sum + stop.unitsToBring, 0);

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <PageTitle title="Today" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Today</h1>
        {day.data ? (
          <p className="text-muted-foreground">
            {formatCalendarDay(day.data.date, { weekday: 'long', month: 'long', day: 'numeric' })} · {stops.length} {stops.length === 1 ? 'machine' : 'machines'} ·{' '}
            {unitsToBring} {unitsToBring === 1 ? 'unit' : 'units'} to bring
          </p>
        ) : (
          <p className="text-muted-foreground">The machines to visit, what to bring to each, and what you did there.</p>
        )}
      </header>

      <OutboxStatus outbox={outbox} />

      {day.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading today’s route">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : day.isError ? (
        <LoadError what="today’s route" error={day.error} onRetry={() => void day.refetch()} retrying={day.isFetching} />
      ) : stops.length === 0 ? (
        <EmptyState
          icon={MapPinned}
          title={day.data.assignedOnly ? 'No machines are assigned to you' : 'No machines yet'}
          hint={day.data.assignedOnly ? 'The team’s owner or a manager assigns machines to you in Settings › Team.' : 'Add machines under Vending Machines; they appear here to visit.'}
        />
      ) : (
        <ol className="grid gap-3" aria-label="Machines to visit, in order">
          {stops.map((stop, index) => (
            <li key={stop.machineId}>
              <StopCard
                stop={stop}
                position={index + 1}
                count={stops.length}
                open={openMachine === stop.machineId}
                onToggle={() => setOpenMachine((current) => (current === stop.machineId ? null : stop.machineId))}
                onMove={(by) => move(stop.machineId, by)}
                outbox={outbox}
                readOnly={teams.data?.find((team) => team.current)?.role === 'viewer'}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The order the member last set on this phone, while it waits to be sent. */
function orderQueued(waiting: { kind: string; body: Record<string, unknown> }[]): number[] | null {
  const queued = waiting.findLast((change) => change.kind === 'order');
  return queued ? (queued.body.machineIds as number[]) : null;
}

function inOrder(stops: RouteStop[], order: number[] | null): RouteStop[] {
  if (!order) return stops;
  const position = new Map(order.map((id, index) => [id, index]));
  return [...stops].sort((a, b) => (position.get(a.machineId) ?? order.length) - (position.get(b.machineId) ?? order.length));
}
