import { crc16, crcText } from './dex-crc.js';

/**
 * Reading a DEX audit file (EVA-DTS, the vending industry's data transfer standard): the machine,
 * each selection's price and its paid-vend counters, the file's totals and its integrity check.
 *
 * A file is lines (segments) of elements separated by '*', the segment's name first: `PA1*A1*150`.
 * `DXS` opens the transmission, `ST` … `SE` hold the audit, `G85` (just before `SE`) carries a
 * CRC-16 of every byte from `ST` up to it, line ends included, and `DXE` closes. Counters and money
 * are whole numbers, money in the currency's smallest unit (`ID4` gives its decimal places).
 */

export interface DexSelection {
  /** PA101, the code the customer keys: text, as '01' and '1' are different selections. */
  code: string;
  /** PA102 in the currency's smallest unit; null where the machine sends none. */
  price: number | null;
  /** PA103, the machine's own name for what the selection holds, if it sends one. */
  name: string | null;
  /** PA201 and PA202: paid vends and their value since the machine was set up. */
  paidVendsSinceInit: number | null;
  paidValueSinceInit: number | null;
  /** PA203 and PA204: the same since the counters were last reset (often at each read). */
  paidVendsSinceReset: number | null;
  paidValueSinceReset: number | null;
  /**
   * PA501 and PA502: when the selection last sold out, by the machine's own clock, as local
   * 'YYYY-MM-DDTHH:MM:SS' (the file names no time zone); null where the file has no PA5 for it or
   * the machine has never seen it sold out.
   */
  soldOutAt: string | null;
  /** The line of its PA1. */
  line: number;
}

export interface DexTotals {
  /** VA101 to VA104: the value and number of all paid vends, since set-up and since the last reset. */
  valueSinceInit: number | null;
  vendsSinceInit: number | null;
  valueSinceReset: number | null;
  vendsSinceReset: number | null;
}

export interface DexProblem {
  line: number;
  message: string;
}

export interface DexAudit {
  /**
   * ID101: the machine's serial number, by which a file is matched to a machine; null when the
   * machine leaves it empty (some do), and the file must then be given a machine by hand.
   */
  serial: string | null;
  /** ID102, the model, if sent. */
  model: string | null;
  /** ID401: decimal places of the money values; null when the file has no ID4. */
  decimalPlaces: number | null;
  /** ID403 (alphabetic) or else ID402 (numeric) currency code, if sent. */
  currency: string | null;
  selections: DexSelection[];
  /** VA1, if sent. */
  totals: DexTotals | null;
  /** Whether the file carried a G85 check (a file without one is read, and said to have none). */
  checked: boolean;
  /** What was odd but not wrong enough to refuse the file, by line. */
  warnings: DexProblem[];
}

export type DexReadResult = { ok: true; audit: DexAudit } | { ok: false; problems: DexProblem[] };

/** Some machines send this in a counter they do not keep. */
const NOT_KEPT = 4294967295;
const SEGMENT_NAME = /^[A-Z][A-Z0-9]{1,3}$/;
const WHOLE_NUMBER = /^\d{1,15}$/;

interface Segment {
  name: string;
  elements: string[];
  /** The line as it came, trailing spaces and all: the check covers it byte for byte. */
  raw: string;
  line: number;
}

/** Splits the text into segments; blank lines (a file ending in a line break) are left out. */
function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const elements = raw.split('*');
    segments.push({ name: elements[0]!.trim(), elements, raw, line: index + 1 });
  });
  return segments;
}

/** An element as text, trimmed; null when empty or absent. */
function textAt(segment: Segment, position: number): string | null {
  const value = segment.elements[position]?.trim() ?? '';
  return value === '' ? null : value;
}

/**
 * Reads a DEX audit file from its bytes. DEX is ASCII; names may come in a machine's 8-bit code
 * page, so each byte is read as one character (latin1), which keeps every byte for the check.
 * Either the audit, or every problem that makes it unusable, each with its
 * line: a line that is not a segment, a number that is not one, a counter before its selection, a
 * selection twice, or a G85 check that does not match the file.
 */
export function readDexAudit(file: Uint8Array): DexReadResult {
  const text = Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString('latin1');
  const problems: DexProblem[] = [];
  const warnings: DexProblem[] = [];
  const segments = segmentsOf(text.replace(/^\uFEFF/, ''));
  if (segments.length === 0) return { ok: false, problems: [{ line: 1, message: 'The file is empty.' }] };

  const numberAt = (segment: Segment, position: number): number | null => {
    const value = textAt(segment, position);
    if (value === null) return null;
    if (!WHOLE_NUMBER.test(value)) {
      problems.push({ line: segment.line, message: `${segment.name}${String(position).padStart(2, '0')} should be a whole number, not "${value}".` });
      return null;
    }
    const number = Number(value);
    return number === NOT_KEPT ? null : number;
  };

  let serial: string | null = null;
  let model: string | null = null;
  let decimalPlaces: number | null = null;
  let currency: string | null = null;
  let totals: DexTotals | null = null;
  let checkSegment: Segment | null = null;
  let started: Segment | null = null;
  const selections: DexSelection[] = [];
  const selectionLines = new Map<string, number>();
  let current: DexSelection | null = null;

  for (const segment of segments) {
    if (!SEGMENT_NAME.test(segment.name)) {
      problems.push({ line: segment.line, message: `Line ${segment.line} is not a DEX segment: "${segment.raw.slice(0, 40)}".` });
      continue;
    }
    switch (segment.name) {
      case 'ST':
        started ??= segment;
        break;
      case 'ID1':
        serial = textAt(segment, 1);
        model = textAt(segment, 2);
        break;
      case 'ID4':
        decimalPlaces = numberAt(segment, 1);
        if (decimalPlaces !== null && decimalPlaces > 6) {
          problems.push({ line: segment.line, message: `ID401 gives ${decimalPlaces} decimal places; a currency has at most 6.` });
        }
        currency = textAt(segment, 3) ?? textAt(segment, 2);
        break;
      case 'PA1': {
        const code = textAt(segment, 1);
        if (code === null) {
          problems.push({ line: segment.line, message: 'PA101, the selection code, is empty.' });
          current = null;
          break;
        }
        const earlier = selectionLines.get(code);
        if (earlier !== undefined) {
          problems.push({ line: segment.line, message: `Selection ${code} appears twice (lines ${earlier} and ${segment.line}).` });
          current = null;
          break;
        }
        selectionLines.set(code, segment.line);
        current = {
          code,
          price: numberAt(segment, 2),
          name: textAt(segment, 3),
          paidVendsSinceInit: null,
          paidValueSinceInit: null,
          paidVendsSinceReset: null,
          paidValueSinceReset: null,
          soldOutAt: null,
          line: segment.line,
        };
        selections.push(current);
        break;
      }
      case 'PA2':
        if (!current) {
          problems.push({ line: segment.line, message: `PA2 on line ${segment.line} has no selection (PA1) before it.` });
          break;
        }
        current.paidVendsSinceInit = numberAt(segment, 1);
        current.paidValueSinceInit = numberAt(segment, 2);
        current.paidVendsSinceReset = numberAt(segment, 3);
        current.paidValueSinceReset = numberAt(segment, 4);
        break;
      case 'PA5':
        // What a machine puts in PA5 varies more than PA2 does: one it cannot read is passed over
        // with a warning rather than costing the file its sales.
        if (current) current.soldOutAt = soldOutMoment(segment, warnings);
        break;
      case 'VA1':
        totals = { valueSinceInit: numberAt(segment, 1), vendsSinceInit: numberAt(segment, 2), valueSinceReset: numberAt(segment, 3), vendsSinceReset: numberAt(segment, 4) };
        break;
      case 'G85':
        checkSegment = segment;
        break;
      case 'SE':
        checkSegmentCount(segment, segments, started, warnings);
        break;
      default:
        // Other segments (events, cash, cards, meters) carry nothing this reads.
        break;
    }
  }

  if (checkSegment) {
    const problem = checkProblem(checkSegment, segments, started, warnings);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return { ok: true, audit: { serial, model, decimalPlaces, currency, selections, totals, checked: checkSegment !== null, warnings } };
}

const DEX_DATE = /^(\d{2}|\d{4})(\d{2})(\d{2})$/;
const DEX_TIME = /^(\d{2})(\d{2})(\d{2})?$/;

/**
 * PA501 (date, YYMMDD or YYYYMMDD) and PA502 (time, HHMM or HHMMSS) as a local clock reading;
 * null for a selection never sold out (no date, or all zeros) and, with a warning, for one that
 * is not a real date and time.
 */
function soldOutMoment(segment: Segment, warnings: DexProblem[]): string | null {
  const date = textAt(segment, 1);
  if (date === null || /^0+$/.test(date)) return null;
  const time = textAt(segment, 2) ?? '0000';
  const day = DEX_DATE.exec(date);
  const clock = DEX_TIME.exec(time);
  if (day && clock) {
    const year = day[1]!.length === 2 ? `20${day[1]}` : day[1]!;
    const local = `${year}-${day[2]}-${day[3]}T${clock[1]}:${clock[2]}:${clock[3] ?? '00'}`;
    const parsed = new Date(`${local}Z`);
    // A date the calendar does not have (31 February) comes back as another day.
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(local)) return local;
  }
  warnings.push({ line: segment.line, message: `PA5 on line ${segment.line} gives "${date}" "${time}", which is not a date (YYMMDD) and time (HHMM); when the selection last sold out was not read.` });
  return null;
}

/**
 * The G85 check: the CRC of every line from ST to the one before G85, each ended by CR LF as the
 * machine sent it (a copy whose line ends were changed to LF still checks). A few machines write
 * the two bytes the other way round; that is accepted, with a warning.
 */
function checkProblem(check: Segment, segments: Segment[], started: Segment | null, warnings: DexProblem[]): DexProblem | null {
  const written = textAt(check, 1)?.toUpperCase() ?? '';
  if (!/^[0-9A-F]{1,4}$/.test(written)) return { line: check.line, message: `G85 should hold a four-digit hexadecimal check, not "${written}".` };
  // Without ST, from the first line after DXS (which the check never covers).
  const from = started ? segments.indexOf(started) : segments[0]?.name === 'DXS' ? 1 : 0;
  const to = segments.indexOf(check);
  let crc = 0;
  for (const segment of segments.slice(from, to)) crc = crc16(Buffer.from(`${segment.raw}\r\n`, 'latin1'), crc);
  const expected = crcText(crc);
  const swapped = crcText(((crc & 0xff) << 8) | (crc >>> 8));
  const given = written.padStart(4, '0');
  if (given === expected) return null;
  if (given === swapped) {
    warnings.push({ line: check.line, message: `The G85 check ${given} has its two bytes in reverse order (${expected}); accepted.` });
    return null;
  }
  return { line: check.line, message: `The file does not match its G85 check (${given}; its content gives ${expected}): it was changed or cut short after the machine wrote it.` };
}

/** SE01 counts the segments from ST to SE; machines get it wrong often enough that a mismatch is only a warning. */
function checkSegmentCount(se: Segment, segments: Segment[], started: Segment | null, warnings: DexProblem[]): void {
  const declared = Number(textAt(se, 1));
  if (!started || !Number.isInteger(declared)) return;
  const counted = segments.indexOf(se) - segments.indexOf(started) + 1;
  if (counted !== declared) warnings.push({ line: se.line, message: `SE01 says ${declared} segments; the file has ${counted} from ST to SE.` });
}
