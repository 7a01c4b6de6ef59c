/*
 * Dates and times in the operator app are in the operator's time zone from Settings, whatever the
 * browser's own zone is (DECISIONS 10): an issue reported at 2:10 AM UTC is on the evening before in
 * New York, and the dashboard counts it there. The signed-in user's zone is set here once it is known
 * (useAuth); until then, and on public pages, the browser's zone is used.
 */

const browserTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
let chosenTimeZone: string | undefined;

/** The zone dates are shown in: the signed-in user's from Settings, else the browser's. */
export function displayTimeZone(): string {
  return chosenTimeZone ?? browserTimeZone;
}

/** Called with the signed-in user's zone (or undefined when signed out). */
export function setDisplayTimeZone(timeZone: string | undefined) {
  chosenTimeZone = timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const timeZone = displayTimeZone();
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
}

const instant = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** The day of an instant in the display zone: 'Nov 28, 2026' (medium) or 'November 28, 2026' (long). */
export function formatDate(value: string | Date, dateStyle: 'medium' | 'long' = 'medium'): string {
  return formatIn({ dateStyle }).format(instant(value));
}

/** An instant with its time and the zone's name, so it cannot be read in another zone: 'Nov 27, 2026, 9:49 PM EST'. */
export function formatDateTime(value: string | Date): string {
  return formatIn({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(instant(value));
}

/** A calendar day the server already counted in the operator's zone ('2026-11-27'), shown as that day: 'Nov 27'. */
export function formatCalendarDay(day: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }): string {
  // Noon UTC of that day, shown in UTC, is that day in every zone.
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
}
