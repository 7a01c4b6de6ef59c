/** How the demographics page words its figures. */
import type { Demographics } from '../../../shared/analytics.schemas.js';

/** '14:00' for hour 14 of the operator's day. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** '14:00–15:00', the hour that starts at `hour`. */
export const hourRange = (hour: number) => `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;

/** A whole percent of `whole`; 0 when there is nothing to share. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A moment on the operator's clock, or on UTC (named as such) when this browser does not know their zone. */
function formatInZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  } catch {
    // A zone this browser does not know: UTC, named as such, rather than no time at all.
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
}

/** 'Mar 3, 2025, 2:14 AM EST': when the figures were computed, in the operator's own time zone. */
export function formatComputedAt(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

/** '2:24 AM EST': the time of day of a moment minutes away, in the operator's own time zone. */
export function formatClockTime(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

/** The one machine the figures are of, with its location; null when they cover a location or all. */
export function machineOfFigures({ machineId, locations }: Pick<Demographics, 'machineId' | 'locations'>): { id: number; name: string; location: string } | null {
  if (machineId === null) return null;
  for (const location of locations) {
    const machine = location.machines.find((entry) => entry.id === machineId);
    if (machine) return { id: machine.id, name: machine.name, location: location.name };
  }
  return null;
}

/** 'Lobby Snacks (Office Tower)': a machine named with its location, where its own figures stand in a location's place. */
export const machineLabel = (machine: { name: string; location: string }) => `${machine.name} (${machine.location})`;
