import { crc16, crcText } from './dex-crc.js';

/**
 * Writes DEX audit files from known figures, as a machine writes them: DXS, ST, the machine (ID1,
 * ID4, and ID5 with the machine's clock when given), one PA1/PA2 block per selection (with PA5 when
 * it sold out), the totals (VA1), the G85 check over ST up to it, SE with its segment count, DXE. The demo's machines send
 * files made here, and the tests make theirs with it (tests/support/dex-files.ts).
 */
export interface DexSelectionFigures {
  code: string;
  price?: number | null;
  name?: string;
  vendsSinceInit: number;
  valueSinceInit?: number;
  vendsSinceReset?: number;
  valueSinceReset?: number;
  /** PA5: when the selection last sold out by the machine's clock (YYMMDD, HHMM), and how many times. */
  soldOut?: { date: string; time: string; times?: number };
}

export interface DexFileOptions {
  serial: string;
  /** ID102. */
  model?: string;
  /** The DXS communication id of the device that read the machine. */
  readerId?: string;
  /** ID5, the machine's clock at the read (YYMMDD, HHMM): two files with the same counters still differ by it, as real ones do. */
  clock?: { date: string; time: string };
  decimalPlaces?: number | null;
  currency?: string;
  selections: DexSelectionFigures[];
  /** Line ends; a machine writes CR LF. */
  lineEnd?: '\r\n' | '\n';
  /** Leave out the G85 check. */
  withoutCheck?: boolean;
  /** Write the check's two bytes the other way round, as a few machines do. */
  swapCheckBytes?: boolean;
  /** Lines put in after the machine's block and before VA1 (covered by the check). */
  extraLines?: string[];
}

export function dexFile(options: DexFileOptions): string {
  const lineEnd = options.lineEnd ?? '\r\n';
  const body: string[] = [`ID1*${options.serial}*${options.model ?? 'VV100'}*0**1**6*1`];
  if (options.decimalPlaces !== null) body.push(`ID4*${options.decimalPlaces ?? 2}*840*${options.currency ?? 'USD'}`);
  if (options.clock) body.push(`ID5*${options.clock.date}*${options.clock.time}`);
  for (const selection of options.selections) {
    const price = selection.price === undefined ? 150 : selection.price;
    body.push(`PA1*${selection.code}*${price ?? ''}${selection.name ? `*${selection.name}` : ''}`);
    const valueSinceInit = selection.valueSinceInit ?? selection.vendsSinceInit * (price ?? 0);
    body.push(`PA2*${selection.vendsSinceInit}*${valueSinceInit}*${selection.vendsSinceReset ?? 0}*${selection.valueSinceReset ?? 0}`);
    if (selection.soldOut) body.push(`PA5*${selection.soldOut.date}*${selection.soldOut.time}*${selection.soldOut.times ?? 1}`);
  }
  body.push(...(options.extraLines ?? []));
  const vends = options.selections.reduce((sum, s) => sum + s.vendsSinceInit, 0);
  const value = options.selections.reduce((sum, s) => sum + (s.valueSinceInit ?? s.vendsSinceInit * (s.price ?? 150)), 0);
  body.push(`VA1*${value}*${vends}*0*0`);

  const covered = ['ST*001*0001', ...body];
  const lines = [`DXS*${options.readerId ?? 'VVTEST0001'}*VA*V1/1*1`, ...covered];
  if (!options.withoutCheck) {
    const crc = crc16(Buffer.from(covered.map((line) => `${line}\r\n`).join(''), 'latin1'));
    lines.push(`G85*${crcText(options.swapCheckBytes ? ((crc & 0xff) << 8) | (crc >>> 8) : crc)}`);
  }
  lines.push(`SE*${lines.length}*0001`, 'DXE*1*1');
  return lines.map((line) => `${line}${lineEnd}`).join('');
}

export const dexBytes = (text: string) => Buffer.from(text, 'latin1');
