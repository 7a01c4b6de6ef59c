import { useState } from 'react';
import { FIGURES, PERIODS, type FigureKey } from '../../../../shared/figure-definitions.js';
import { FigureInfo } from '../../../components/figure-info.js';
import { PageTitle } from '../../../components/page-title.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { Label } from '../../../components/ui/label.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { conversionPercent, SCAN_FUNNEL_PERIODS, type FunnelSteps, type ScanFunnel } from '../../../../shared/scan-funnel.schemas.js';
import { SCAN_SOURCE_LABELS, SCAN_SOURCES, type ScanSource } from '../../../../shared/scan-sources.js';
import { useMachines } from '../../machines/api.js';
import { useScanFunnel, type FunnelMachine } from '../api.js';

const STEPS: readonly (readonly [keyof FunnelSteps, string, FigureKey?])[] = [
  ['views', FIGURES.pageViews.name, 'pageViews'],
  ['voters', FIGURES.voters.name, 'voters'],
  ['votes', FIGURES.votes.name, 'votes'],
  ['suggestions', 'Suggestions'],
  ['issues', 'Issues'],
];

const percent = (value: number | null) => (value === null ? '–' : `${value}%`);
const number = (value: number) => value.toLocaleString('en-US');

/** /scan-funnel: how customers who open a machine's page from each QR code or link go on to vote, suggest and report. */
export function ScanFunnelPage() {
  const [machine, setMachine] = useState<FunnelMachine>('all');
  const [days, setDays] = useState<number>(30);
  const [source, setSource] = useState<ScanSource | 'all'>('all');
  const machines = useMachines();
  const funnel = useScanFunnel(machine, days, source);

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <PageTitle title="Scan Funnel" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Scan Funnel</h1>
        <p className="text-muted-foreground">
          Where customers come from (each QR code and link carries its source) and how many go on to vote, suggest or report a problem. Counted
          without keeping anything that identifies a person.
        </p>
      </header>
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="grid gap-1.5">
          <Label htmlFor="funnel-machine">Machine</Label>
          <Select value={String(machine)} onValueChange={(next) => setMachine(next === 'all' ? 'all' : Number(next))}>
            <SelectTrigger id="funnel-machine" className="w-full sm:w-60">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Machines</SelectItem>
              {(machines.data ?? []).map((entry) => (
                <SelectItem key={entry.id} value={String(entry.id)}>
                  {entry.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="funnel-period">Period</Label>
          <Select value={String(days)} onValueChange={(next) => setDays(Number(next))}>
            <SelectTrigger id="funnel-period" className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SCAN_FUNNEL_PERIODS.map((period) => (
                <SelectItem key={period} value={String(period)}>
                  Last {period} days
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {funnel.isError ? (
        <LoadError what="the funnel" error={funnel.error} onRetry={() => void funnel.refetch()} retrying={funnel.isFetching} />
      ) : funnel.data ? (
        <FunnelTables funnel={funnel.data} source={source} onSourceChange={setSource} />
      ) : (
        <Skeleton className="h-64 w-full" aria-label="Loading the funnel" />
      )}
    </div>
  );
}

interface FunnelTablesProps {
  funnel: ScanFunnel;
  source: ScanSource | 'all';
  onSourceChange: (source: ScanSource | 'all') => void;
}

function FunnelTables({ funnel, source, onSourceChange }: FunnelTablesProps) {
  const used = funnel.sources.filter((row) => STEPS.some(([step]) => row[step] > 0));
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>By source</CardTitle>
          <CardDescription>
            {funnel.from} to {funnel.to}. {PERIODS.period(`last ${funnel.days.length} days`, funnel.timeZone)} 'Views → voters' is Voters as a
            share of Page views; a voter who came on two days or by two sources counts once in 'All sources'.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScrollFrame label="Funnel by source">
          {used.length === 0 ? (
            <p className="text-muted-foreground">No visits in this period yet. Print the QR sheet or order magnets from Vending Machines to start.</p>
          ) : (
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">The funnel by source</caption>
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-3 font-medium">Source</th>
                  {STEPS.map(([step, label, figure]) => (
                    <th key={step} scope="col" className="px-3 py-2 text-right font-medium">
                      <span className="inline-flex items-center justify-end gap-0.5">
                        {label}
                        {figure ? <FigureInfo figure={figure} /> : null}
                      </span>
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-medium">Views → voters</th>
                </tr>
              </thead>
              <tbody>
                {[...used.map((row) => ({ ...row, label: SCAN_SOURCE_LABELS[row.source] })), { ...funnel.total, label: 'All sources' }].map((row) => (
                  <tr key={row.label} className="border-b last:border-0 last:font-semibold">
                    <th scope="row" className="py-2 pr-3 text-left font-normal">{row.label}</th>
                    {STEPS.map(([step]) => (
                      <td key={step} className="px-3 py-2 text-right tabular-nums">{number(row[step])}</td>
                    ))}
                    <td className="px-3 py-2 text-right tabular-nums">{percent(conversionPercent(row.voters, row.views))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          </ScrollFrame>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>By day</CardTitle>
          <CardDescription>{source === 'all' ? 'All sources together' : SCAN_SOURCE_LABELS[source]}, newest first.</CardDescription>
          <div className="grid gap-1.5 pt-2">
            <Label htmlFor="funnel-source">Source</Label>
            <Select value={source} onValueChange={(next) => onSourceChange(next as ScanSource | 'all')}>
              <SelectTrigger id="funnel-source" className="w-full sm:w-72">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All sources</SelectItem>
                {SCAN_SOURCES.map((entry) => (
                  <SelectItem key={entry} value={entry}>
                    {SCAN_SOURCE_LABELS[entry]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </CardHeader>
        <CardContent>
          <ScrollFrame label="Funnel by day" className="max-h-[28rem] overflow-y-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">The funnel by day</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-3 font-medium">Day</th>
                {STEPS.map(([step, label]) => (
                  <th key={step} scope="col" className="px-3 py-2 text-right font-medium">{label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...funnel.days].reverse().map((day) => (
                <tr key={day.day} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal tabular-nums">{day.day}</th>
                  {STEPS.map(([step]) => (
                    <td key={step} className="px-3 py-2 text-right tabular-nums">{number(day[step])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          </ScrollFrame>
        </CardContent>
      </Card>
    </>
  );
}
