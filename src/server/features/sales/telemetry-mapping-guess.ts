import type { DateOrder, MappingRole, TelemetryMappingFields } from '../../../shared/sales-imports.schemas.js';

/**
 * A first guess at which column plays which part, from the header names providers use, so the
 * mapping step is usually a glance and a click. The operator confirms or corrects it.
 */

const squeeze = (name: string) => name.toLowerCase().replace(/[^a-z0-9#]+/g, ' ').trim();

/**
 * Header names per role, most telling first: Nayax ('Device Serial', 'Machine Authorization Time',
 * 'Product Selection Info', 'Settlement Value', 'Transaction ID'), Cantaloupe / USA Technologies ('Device Serial
 * Number', 'Tran Date' + 'Tran Time', 'Column', 'Item Description', 'Qty', 'Tran Amount'), and
 * the plain words others use. A serial beats a name for the machine: names are not unique.
 */
const NAMES: Record<Exclude<MappingRole, 'timeOfDay'>, string[]> = {
  machine: [
    'device serial number', 'device serial', 'machine serial number', 'machine serial', 'serial number', 'serial', 'device number',
    'machine id', 'device id', 'terminal id', 'terminal', 'asset #', 'asset number', 'asset', 'machine number', 'machine name', 'machine', 'device', 'location',
  ],
  selection: ['product selection info', 'selection', 'selection code', 'column', 'coil', 'slot', 'mdb code', 'button'],
  product: ['product name', 'product', 'item description', 'item name', 'item', 'product description', 'description'],
  time: [
    'machine authorization time', 'authorization time', 'machine autime', 'settlement time', 'machine settlement time', 'machine setime',
    'transaction date time', 'transaction time', 'transaction date', 'tran date time', 'tran date', 'sold at', 'sale time', 'sale date', 'vend time',
    'date time', 'datetime', 'timestamp', 'time', 'date',
  ],
  quantity: ['quantity', 'qty', 'units', 'vend count', 'count', 'items'],
  price: ['tran amount', 'total amount', 'amount', 'settlement value', 'sevalue', 'sale amount', 'total', 'price', 'value', 'authorization value'],
  transactionId: ['transaction id', 'transaction #', 'transaction number', 'transaction no', 'trans id', 'tran id', 'txn id', 'receipt number', 'receipt #'],
};

const TIME_OF_DAY_NAMES = ['tran time', 'transaction time', 'time', 'time of day', 'settlement time time only'];
const HAS_CLOCK = /\d:\d\d/;

/** The date order that fits every sample date written with the year last; month first when nothing tells. */
export function guessDateOrder(values: readonly string[]): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  let yearLast = false;
  for (const value of values) {
    const match = /^\s*(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})\b/.exec(value);
    if (!match) continue;
    yearLast = true;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[3]) > 12) monthFirst = true;
    if (match[2] === '.') dayFirst = true;
  }
  if (!yearLast) return 'ymd';
  return dayFirst && !monthFirst ? 'dmy' : 'mdy';
}

/** Which column of `columns` plays each part, by name, with `sample` rows to tell a date column from a date-and-time one. */
export function suggestMapping(columns: readonly string[], sample: readonly (readonly string[])[] = []): Partial<TelemetryMappingFields> {
  const squeezed = columns.map(squeeze);
  const taken = new Set<number>();
  const pick = (names: readonly string[]): number => {
    for (const name of names) {
      const exact = squeezed.findIndex((column, index) => !taken.has(index) && column === name);
      if (exact !== -1) return exact;
    }
    for (const name of names) {
      const starting = squeezed.findIndex((column, index) => !taken.has(index) && column.startsWith(`${name} `));
      if (starting !== -1) return starting;
    }
    return -1;
  };
  const suggested: Partial<TelemetryMappingFields> = {};
  for (const role of ['machine', 'selection', 'product', 'time', 'quantity', 'price', 'transactionId'] as const) {
    const index = pick(NAMES[role]);
    if (index === -1) continue;
    taken.add(index);
    suggested[role] = columns[index]!;
  }
  const timeIndex = suggested.time === undefined ? -1 : columns.indexOf(suggested.time);
  if (timeIndex !== -1) {
    const values = sample.map((row) => row[timeIndex] ?? '');
    // A date without a clock wants its time of day from another column, if the file has one.
    if (values.length > 0 && !values.some((value) => HAS_CLOCK.test(value))) {
      const clock = pick(TIME_OF_DAY_NAMES);
      if (clock !== -1 && sample.every((row) => HAS_CLOCK.test(row[clock] ?? ''))) suggested.timeOfDay = columns[clock]!;
    }
    suggested.dateOrder = guessDateOrder(values);
  }
  return suggested;
}
