import { Download } from 'lucide-react';
import { useState } from 'react';
import {
  EXPORT_DATASET_INFO,
  EXPORT_DATASETS,
  EXPORT_EARLIEST_DAY,
  EXPORT_LATEST_DAY,
  exportUrl,
  type ExportDataset,
} from '../../../../shared/exports.schemas.js';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.js';
import { PERIOD_PRESET_LABELS, PERIOD_PRESETS, describePeriod, periodErrors, presetPeriod, type ExportPeriod } from '../export-period.js';

const ALL_MACHINES = 'all';
const isDataset = (value: string): value is ExportDataset => (EXPORT_DATASETS as readonly string[]).includes(value);

interface MachineChoices {
  machines: Machine[];
  /** While the list loads, only 'All machines' is offered. */
  loading: boolean;
  /** The list could not load: the caller shows why; 'All machines' still works. */
  failed: boolean;
}

interface ExportFormProps extends MachineChoices {
  /** Today on the operator's calendar, for the period presets. */
  today: string;
  /** The operator's time zone, which the period's days are read in; absent while it loads. */
  timeZone?: string;
}

/**
 * What to download: a dataset, all machines or one, and the days of the period (both optional).
 * The download is a plain link, so the browser streams the file to disk however large it is;
 * a period the server would refuse shows why here and offers no link.
 */
export function ExportForm({ machines, loading, failed, today, timeZone }: ExportFormProps) {
  const [dataset, setDataset] = useState<ExportDataset>('votes');
  const [machineValue, setMachineValue] = useState(ALL_MACHINES);
  const [period, setPeriod] = useState<ExportPeriod>(() => presetPeriod('last30', today));
  const [started, setStarted] = useState(false);

  const machine = machines.find((candidate) => String(candidate.id) === machineValue);
  const errors = periodErrors(period);
  const valid = !errors.from && !errors.to;
  const href = exportUrl(dataset, { machineId: machine?.id, from: period.from, to: period.to });
  const summary = `${EXPORT_DATASET_INFO[dataset].label} ${machine ? `at ${machine.name}` : 'at all your machines'}, ${describePeriod(period)}.`;

  const change = (update: () => void) => {
    update();
    setStarted(false);
  };

  return (
    <form className="grid gap-6" onSubmit={(event) => event.preventDefault()} aria-label="Export data">
      <FormField label="What to export" hint={EXPORT_DATASET_INFO[dataset].description}>
        {(attributes) => (
          <Select value={dataset} onValueChange={(value) => isDataset(value) && change(() => setDataset(value))}>
            <SelectTrigger {...attributes}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EXPORT_DATASETS.map((option) => (
                <SelectItem key={option} value={option}>
                  {EXPORT_DATASET_INFO[option].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <FormField
        label="Machine"
        hint={loading ? 'Loading your machines…' : failed ? undefined : machines.length === 0 ? 'You have no machines yet.' : undefined}
      >
        {(attributes) => (
          <Select value={machine ? machineValue : ALL_MACHINES} onValueChange={(value) => change(() => setMachineValue(value))} disabled={loading}>
            <SelectTrigger {...attributes}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_MACHINES}>All machines</SelectItem>
              {machines.map((option) => (
                <SelectItem key={option.id} value={String(option.id)}>
                  {option.name} · {option.location}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Period</legend>
        <div className="flex flex-wrap gap-2">
          {PERIOD_PRESETS.map((preset) => {
            const days = presetPeriod(preset, today);
            const chosen = days.from === period.from && days.to === period.to;
            return (
              <Button
                key={preset}
                variant={chosen ? 'secondary' : 'outline'}
                size="sm"
                aria-pressed={chosen}
                onClick={() => change(() => setPeriod(days))}
              >
                {PERIOD_PRESET_LABELS[preset]}
              </Button>
            );
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="From" error={errors.from} hint="Leave empty to start at the first record.">
            {(attributes) => (
              <Input
                {...attributes}
                type="date"
                min={EXPORT_EARLIEST_DAY}
                max={EXPORT_LATEST_DAY}
                value={period.from}
                onChange={(event) => change(() => setPeriod({ ...period, from: event.target.value }))}
              />
            )}
          </FormField>
          <FormField label="To" error={errors.to} hint="Leave empty to include the latest records.">
            {(attributes) => (
              <Input
                {...attributes}
                type="date"
                min={EXPORT_EARLIEST_DAY}
                max={EXPORT_LATEST_DAY}
                value={period.to}
                onChange={(event) => change(() => setPeriod({ ...period, to: event.target.value }))}
              />
            )}
          </FormField>
        </div>
        <p className="text-sm text-muted-foreground">
          Days are counted in your time zone{timeZone ? ` (${timeZone})` : ''}, both days included. Times in the file are in UTC.
        </p>
      </fieldset>

      <div className="grid gap-3 border-t border-border pt-6">
        <p className="text-sm" aria-live="polite">
          {summary}
        </p>
        {valid ? (
          <a href={href} download className={buttonClasses({ className: 'w-full sm:w-fit' })} onClick={() => setStarted(true)}>
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </a>
        ) : (
          <Button disabled className="w-full sm:w-fit" icon={<Download className="size-4" aria-hidden="true" />}>
            Download CSV
          </Button>
        )}
        {started ? (
          <Alert variant="success">
            <p>Your download has started. A large export can take a minute to finish; your browser shows its progress.</p>
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
