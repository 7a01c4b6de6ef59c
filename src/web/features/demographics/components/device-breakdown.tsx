import type { Demographics } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { formatCount, machineLabel, percentOf } from '../format.js';
import { bodyCell, headCell, ScrollTable } from './section.js';

type Devices = Demographics['behavior']['devices'];

const DEVICE_LABELS: Record<keyof Devices, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop', unknown: 'Unknown' };
const DEVICE_ORDER = Object.keys(DEVICE_LABELS) as (keyof Devices)[];

const totalOf = (devices: Devices) => devices.phone + devices.tablet + devices.desktop + devices.unknown;

/** Each device class with its votes and its share of all votes, as labelled bars. */
export function DeviceShares({ devices }: { devices: Devices }) {
  const total = totalOf(devices);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Shares of all {countOf(total, 'vote')} in this period.</p>
      <ul className="grid gap-3" data-testid="device-shares">
        {DEVICE_ORDER.map((device) => {
          const share = percentOf(devices[device], total);
          return (
            <li key={device} className="grid gap-1" data-testid={`device-${device}`}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{DEVICE_LABELS[device]}</span>
                <span className="tabular-nums">
                  {share}% <span className="text-muted-foreground">({countOf(devices[device], 'vote')})</span>
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <div className={device === 'unknown' ? 'h-full bg-muted-foreground/50' : 'h-full bg-primary'} style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface DevicesByLocationProps {
  rows: Demographics['behavior']['devicesByLocation'];
  /** When the figures are one machine's: its row is named by the machine, not the location it shares. */
  machine?: { name: string; location: string } | null;
}

/** Votes per device class at each location, with the phone share of the votes whose device is known. */
export function DevicesByLocation({ rows, machine = null }: DevicesByLocationProps) {
  return (
    <ScrollTable label={machine ? `Votes by device at ${machine.name}` : 'Votes by device at each location'} minWidth="min-w-[34rem]">
      <thead className="border-b border-border">
        <tr>
          <th scope="col" className={headCell}>
            {machine ? 'Machine' : 'Location'}
          </th>
          {DEVICE_ORDER.map((device) => (
            <th key={device} scope="col" className={`${headCell} text-right`}>
              {DEVICE_LABELS[device]}
            </th>
          ))}
          <th scope="col" className={`${headCell} text-right`}>
            Phone share
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => {
          const known = row.phone + row.tablet + row.desktop;
          return (
            <tr key={row.location}>
              <th scope="row" className={`${bodyCell} font-medium`}>
                {machine && machine.location === row.location ? machineLabel(machine) : row.location}
              </th>
              {DEVICE_ORDER.map((device) => (
                <td key={device} className={`${bodyCell} text-right`}>
                  {formatCount(row[device])}
                </td>
              ))}
              <td className={`${bodyCell} text-right`}>{known === 0 ? '—' : `${percentOf(row.phone, known)}%`}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
