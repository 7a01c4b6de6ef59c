import { useQuery } from '@tanstack/react-query';
import { Activity, RotateCw, TriangleAlert, Wrench, Warehouse } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { issueCountsQuery } from '../../vending-issues/api.js';

/** The four cards of spec 2.7; the machine figures wait for the list, the issues figure for its count. */
export function MachineStats({ machines }: { machines: Machine[] | undefined }) {
  const issueCounts = useQuery(issueCountsQuery);
  const countWith = (status: Machine['status']) => machines?.filter((machine) => machine.status === status).length;

  return (
    <section aria-label="Machine summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Machines" icon={<Warehouse className="size-4" aria-hidden="true" />} value={machines?.length} />
      <StatCard label="Active" icon={<Activity className="size-4" aria-hidden="true" />} value={countWith('active')} />
      <StatCard label="Maintenance" icon={<Wrench className="size-4" aria-hidden="true" />} value={countWith('maintenance')} />
      <StatCard
        label="Vending Issues reported"
        icon={<TriangleAlert className="size-4" aria-hidden="true" />}
        value={issueCounts.data?.total}
        failed={issueCounts.isError}
        onRetry={() => void issueCounts.refetch()}
      />
    </section>
  );
}

interface StatCardProps {
  label: string;
  icon: ReactNode;
  /** Undefined while loading. */
  value: number | undefined;
  failed?: boolean;
  onRetry?: () => void;
}

function StatCard({ label, icon, value, failed = false, onRetry }: StatCardProps) {
  let figure: ReactNode;
  if (failed) {
    figure = (
      <Button variant="link" className="text-sm" onClick={onRetry} aria-label={`${label} did not load. Retry`}>
        <RotateCw className="size-3.5" aria-hidden="true" />
        Retry
      </Button>
    );
  } else if (value === undefined) {
    figure = <Skeleton className="h-8 w-12" />;
  } else {
    figure = <p className="text-2xl font-bold tabular-nums">{value}</p>;
  }
  return (
    <Card className="grid gap-2 p-4">
      <div className="flex items-center justify-between gap-2 text-muted-foreground">
        <h2 className="text-sm font-medium">{label}</h2>
        {icon}
      </div>
      {figure}
    </Card>
  );
}
