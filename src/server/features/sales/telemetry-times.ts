import type { DateOrder } from '../../../shared/sales-imports.schemas.js';

/**
 * The times in telemetry exports, as providers write them: ISO 8601 with or without an offset,
 * '2026-03-08 14:05[:09]', '03/08/2026 2:05[:09] PM', '08.03.2026 14:05', or the date and the time
 * of day in two columns. A time without an offset is a wall-clock time in the operator's zone.
 */

/** A calendar date and time of day read from the file; `offsetMinutes` when the text carries one. */
interface WrittenTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  offsetMinutes: number | null;
}

export type TimeReading = { ok: true; at: Date } | { ok: false; message: string };

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YEAR_LAST = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(?:([AaPp])\.?[Mm]\.?)?$/;
const OFFSET = /^(?:Z|UTC|GMT|([+-])(\d{2}):?(\d{2})?)$/i;
/** Date, then 'T', a space or ', ', then the time of day and perhaps an offset, attached or after a space. */
const DATE_AND_TIME = /^(\S+?)(?:[T\s]|,\s*)\s*(\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:\s*[AaPp]\.?[Mm]\.?)?)\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

const MESSAGES = {
  notATime: (text: string) => `“${text}” is not a date and time such as 2026-03-08 14:05 or 03/08/2026 2:05 PM`,
  notADate: (text: string) => `“${text}” is not a date such as 2026-03-08 or 03/08/2026`,
  notATimeOfDay: (text: string) => `“${text}” is not a time of day such as 14:05 or 2:05 PM`,
  yearFirstExpected: (text: string) => `“${text}” does not begin with the year: choose whether the month or the day comes first`,
  noSuchDate: (text: string) => `“${text}” is not a day of the calendar: check whether the month or the day comes first`,
  empty: 'The time is empty',
};

// The readers below fill one WrittenTime and answer a problem's message or null: a 100,000-line
// file reads 100,000 times, and objects made and spread per line cost more than the parsing.

function readDate(text: string, order: DateOrder, into: WrittenTime): string | null {
  let year: number, month: number, day: number;
  const yearFirst = YEAR_FIRST.exec(text);
  const yearLast = yearFirst ? null : YEAR_LAST.exec(text);
  if (yearFirst) [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
  else if (yearLast) {
    if (order === 'ymd') return MESSAGES.yearFirstExpected(text);
    const [first, second] = [Number(yearLast[1]), Number(yearLast[3])];
    [month, day] = order === 'mdy' ? [first, second] : [second, first];
    year = yearLast[4]!.length === 2 ? 2000 + Number(yearLast[4]) : Number(yearLast[4]);
  } else return MESSAGES.notADate(text);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return MESSAGES.noSuchDate(text);
  into.year = year;
  into.month = month;
  into.day = day;
  return null;
}

function readTimeOfDay(text: string, into: WrittenTime): string | null {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return MESSAGES.notATimeOfDay(text);
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  const half = match[5];
  if (half) {
    if (hour < 1 || hour > 12) return MESSAGES.notATimeOfDay(text);
    hour = (hour % 12) + (half === 'P' || half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return MESSAGES.notATimeOfDay(text);
  into.hour = hour;
  into.minute = minute;
  into.second = second;
  into.millisecond = match[4] ? Math.round(Number(`0.${match[4]}`) * 1000) : 0;
  return null;
}

function readOffset(text: string | undefined): number | null {
  if (!text) return null;
  const match = OFFSET.exec(text);
  if (!match || !match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** Reads one cell holding a date and a time of day (or only a date: midnight), or two cells holding each. */
function readWrittenTime(text: string, timeOfDay: string | null, order: DateOrder, into: WrittenTime): string | null {
  let dateText = text;
  let timeText = timeOfDay ?? '00:00';
  let offsetText: string | undefined;
  if (timeOfDay === null) {
    const match = DATE_AND_TIME.exec(text);
    if (match) [dateText, timeText, offsetText] = [match[1]!, match[2]!, match[3]];
    else if (!YEAR_FIRST.test(text) && !YEAR_LAST.test(text)) return MESSAGES.notATime(text);
  }
  into.offsetMinutes = readOffset(offsetText);
  return readDate(dateText, order, into) ?? readTimeOfDay(timeText, into);
}

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;
const DAY = 24 * 60 * MINUTE;

/**
 * Turns wall-clock times in `timeZone` into instants. Asking Intl for an offset costs microseconds,
 * so offsets are kept: per UTC day when the day has one offset throughout (nearly every day), else
 * per quarter hour, as zones change offset only on a quarter hour (offsets being whole quarter
 * hours). A 100,000-line file over a year asks Intl about a thousand times.
 */
export function wallClock(timeZone: string): (wallMs: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  const exactOffset = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - instant;
  };
  const days = new Map<number, number | null>();
  const quarters = new Map<number, number>();
  const offsetAt = (instant: number): number => {
    const day = Math.floor(instant / DAY);
    let whole = days.get(day);
    if (whole === undefined) {
      const first = exactOffset(day * DAY);
      whole = first === exactOffset((day + 1) * DAY - QUARTER_HOUR) ? first : null;
      days.set(day, whole);
    }
    if (whole !== null) return whole;
    const quarter = Math.floor(instant / QUARTER_HOUR);
    let offset = quarters.get(quarter);
    if (offset === undefined) quarters.set(quarter, (offset = exactOffset(quarter * QUARTER_HOUR)));
    return offset;
  };
  // As Temporal's 'compatible' choice: a time the clocks skipped (spring forward) is read with the
  // offset before the change, landing as much later; a time they showed twice (fall back) is the first.
  return (wallMs) => {
    const before = offsetAt(wallMs - DAY);
    const after = offsetAt(wallMs + DAY);
    if (before === after) return wallMs - before;
    const fitting = [before, after].filter((candidate) => offsetAt(wallMs - candidate) === candidate);
    return wallMs - (fitting.length === 0 ? before : Math.max(...fitting));
  };
}

/** A reader of the file's times: `time` (and `timeOfDay` when the file splits them), in `timeZone` unless they carry an offset. */
export function timeReader(timeZone: string, order: DateOrder): (time: string, timeOfDay: string | null) => TimeReading {
  const toInstant = wallClock(timeZone);
  const written: WrittenTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, millisecond: 0, offsetMinutes: null };
  return (time, timeOfDay) => {
    const text = time.trim();
    if (text === '') return { ok: false, message: MESSAGES.empty };
    const problem = readWrittenTime(text, timeOfDay === null ? null : timeOfDay.trim(), order, written);
    if (problem !== null) return { ok: false, message: problem };
    const { year, month, day, hour, minute, second, millisecond, offsetMinutes } = written;
    const wall = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
    return { ok: true, at: new Date(offsetMinutes === null ? toInstant(wall) : wall - offsetMinutes * MINUTE) };
  };
}

/** Whether `timeZone` is a zone Intl knows; an operator's saved zone should be, but a bad one must not fail an import. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
