/**
 * Telemetry CSV exports made from known sales, in two providers' shapes: a Nayax-like transaction
 * list (one column with date and time, US or European conventions) and a Cantaloupe-like one (date
 * and time of day in two columns, amounts with a dollar sign). Times are written as wall-clock
 * times, as the providers write them, for the operator's zone to be applied.
 */

export interface TelemetrySaleSpec {
  serial: string;
  machineName?: string;
  code: string;
  product?: string;
  /** Wall-clock time 'YYYY-MM-DD HH:mm:ss'. */
  at: string;
  /** Written empty when null; 1 when left out. */
  quantity?: number | null;
  /** The line's amount; written empty when null. */
  amount?: number | null;
  /** The provider's transaction id; by default one made from the sale, so a sale in two files has one id. */
  transactionId?: string;
}

/** A number made from the sale's fields (FNV-1a), as providers give each sale an id of its own. */
function transactionIdOf(sale: TelemetrySaleSpec, base: number): string {
  if (sale.transactionId !== undefined) return sale.transactionId;
  let hash = 0x811c9dc5;
  for (const char of `${sale.serial}|${sale.code}|${sale.product ?? ''}|${sale.at}|${sale.quantity ?? ''}|${sale.amount ?? ''}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return String(base + hash);
}

export interface TelemetryFileOptions {
  /** Nayax only: semicolons, 'DD.MM.YYYY HH:mm' and decimal commas, as a European account exports. */
  european?: boolean;
  lineEnd?: '\n' | '\r\n';
  /** Lines put in as they are after the sales (broken ones, for the tests). */
  extraLines?: string[];
}

export const NAYAX_COLUMNS = [
  'Transaction ID', 'Machine Name', 'Device Serial', 'Machine Authorization Time', 'Settlement Time',
  'Product Selection Info', 'Product Name', 'Quantity', 'Currency', 'Settlement Value', 'Payment Method',
];

export const CANTALOUPE_COLUMNS = [
  'Tran ID', 'Tran Date', 'Tran Time', 'Device Serial Number', 'Location', 'Column', 'Item Description', 'Qty', 'Tran Amount', 'Card Type',
];

const pad = (value: number) => String(value).padStart(2, '0');

function wallParts(at: string) {
  const [date, time] = at.split(' ');
  const [year, month, day] = date!.split('-');
  const [hour, minute, second] = time!.split(':').map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
}

/** '03/14/2026 02:05:09 PM' */
function usDateTime(at: string): string {
  const { year, month, day, hour, minute, second } = wallParts(at);
  return `${month}/${day}/${year} ${pad(hour % 12 || 12)}:${pad(minute)}:${pad(second)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const quoted = (value: string, delimiter: string) => (value.includes(delimiter) || value.includes('"') ? `"${value.replace(/"/g, '""')}"` : value);
const quantityText = (sale: TelemetrySaleSpec) => (sale.quantity === null ? '' : String(sale.quantity ?? 1));

function fileOf(header: string[], rows: string[][], delimiter: string, options: TelemetryFileOptions): string {
  const lines = [header, ...rows].map((cells) => cells.map((cell) => quoted(cell, delimiter)).join(delimiter));
  return [...lines, ...(options.extraLines ?? [])].map((line) => `${line}${options.lineEnd ?? '\r\n'}`).join('');
}

export function nayaxCsv(sales: readonly TelemetrySaleSpec[], options: TelemetryFileOptions = {}): string {
  const delimiter = options.european ? ';' : ',';
  const when = (at: string) => {
    if (!options.european) return usDateTime(at);
    const { year, month, day, hour, minute } = wallParts(at);
    return `${day}.${month}.${year} ${pad(hour)}:${pad(minute)}`;
  };
  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? '' : options.european ? amount.toFixed(2).replace('.', ',') : amount.toFixed(2);
  const rows = sales.map((sale) => [
    transactionIdOf(sale, 40_000_000_000), sale.machineName ?? `Machine ${sale.serial}`, sale.serial, when(sale.at), when(sale.at),
    sale.code, sale.product ?? '', quantityText(sale), options.european ? 'EUR' : 'USD', money(sale.amount === undefined ? 1.5 : sale.amount), 'Credit Card',
  ]);
  return fileOf(NAYAX_COLUMNS, rows, delimiter, options);
}

export function cantaloupeCsv(sales: readonly TelemetrySaleSpec[], options: TelemetryFileOptions = {}): string {
  const rows = sales.map((sale) => {
    const { year, month, day, hour, minute, second } = wallParts(sale.at);
    const amount = sale.amount === undefined ? 1.5 : sale.amount;
    return [
      transactionIdOf(sale, 9_000_000_000), `${month}/${day}/${year}`, `${hour % 12 || 12}:${pad(minute)}:${pad(second)} ${hour < 12 ? 'AM' : 'PM'}`,
      sale.serial, sale.machineName ?? 'Main lobby', sale.code, sale.product ?? '', quantityText(sale),
      amount === null ? '' : amount < 0 ? `-$${(-amount).toFixed(2)}` : `$${amount.toFixed(2)}`, 'VISA',
    ];
  });
  return fileOf(CANTALOUPE_COLUMNS, rows, ',', options);
}

/**
 * `count` sales spread over `serials` and `codes`, one every `stepSeconds` from `start` (wall
 * time), quantities mostly 1 and amounts $1.25 to $2.50: the same list for the same arguments.
 */
export function generatedSales(count: number, serials: readonly string[], codes: readonly string[], start = '2026-01-05 06:00:00', stepSeconds = 97): TelemetrySaleSpec[] {
  const [date, time] = start.split(' ');
  const origin = Date.parse(`${date}T${time}Z`);
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(origin + index * stepSeconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
    const quantity = index % 17 === 0 ? 2 : 1;
    return { serial: serials[index % serials.length]!, code: codes[(index * 7) % codes.length]!, at, quantity, amount: quantity * (1.25 + (index % 6) * 0.25) };
  });
}

export const csvBytes = (text: string) => Buffer.from(text, 'utf8');
