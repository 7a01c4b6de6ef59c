import { describe, expect, test } from 'vitest';
import { readDexAudit, type DexAudit, type DexReadResult } from '../../src/server/features/sales/dex-audit.js';
import { crc16, crcText } from '../../src/server/features/sales/dex-crc.js';
import { dexBytes, dexFile } from '../support/dex-files.js';

const read = (text: string) => readDexAudit(dexBytes(text));

function audit(result: DexReadResult): DexAudit {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.audit;
}

function problems(result: DexReadResult) {
  if (result.ok) throw new Error('read, though it should have been refused');
  return result.problems;
}

const selections = [
  { code: 'A1', price: 150, name: 'Sparkling water', vendsSinceInit: 1204, vendsSinceReset: 31, valueSinceReset: 4650 },
  { code: 'A2', price: 225, vendsSinceInit: 87, vendsSinceReset: 4, valueSinceReset: 900 },
  { code: '01', price: 100, vendsSinceInit: 5 },
  { code: '1', price: 110, vendsSinceInit: 6 },
];

describe('the G85 check', () => {
  test('is the CRC-16 with polynomial 0x8005 read from the low bit, from zero: "123456789" gives BB3D', () => {
    expect(crcText(crc16(Buffer.from('123456789')))).toBe('BB3D');
    expect(crcText(crc16(Buffer.from('')))).toBe('0000');
    // Continuing over a second part is the same as one pass over both.
    expect(crc16(Buffer.from('6789'), crc16(Buffer.from('12345')))).toBe(crc16(Buffer.from('123456789')));
  });
});

describe('reading a DEX audit file', () => {
  test('the machine, each selection with its price and paid-vend counters, the totals; checked', () => {
    const result = audit(read(dexFile({ serial: 'SN-88213', decimalPlaces: 2, currency: 'USD', selections })));
    expect(result).toMatchObject({ serial: 'SN-88213', model: 'VV100', decimalPlaces: 2, currency: 'USD', checked: true, warnings: [] });
    expect(result.selections.map(({ line: _line, ...selection }) => selection)).toEqual([
      { code: 'A1', price: 150, name: 'Sparkling water', paidVendsSinceInit: 1204, paidValueSinceInit: 180600, paidVendsSinceReset: 31, paidValueSinceReset: 4650, soldOutAt: null },
      { code: 'A2', price: 225, name: null, paidVendsSinceInit: 87, paidValueSinceInit: 19575, paidVendsSinceReset: 4, paidValueSinceReset: 900, soldOutAt: null },
      { code: '01', price: 100, name: null, paidVendsSinceInit: 5, paidValueSinceInit: 500, paidVendsSinceReset: 0, paidValueSinceReset: 0, soldOutAt: null },
      { code: '1', price: 110, name: null, paidVendsSinceInit: 6, paidValueSinceInit: 660, paidVendsSinceReset: 0, paidValueSinceReset: 0, soldOutAt: null },
    ]);
    expect(result.totals).toEqual({ valueSinceInit: 180600 + 19575 + 500 + 660, vendsSinceInit: 1302, valueSinceReset: 0, vendsSinceReset: 0 });
    // Each selection knows the line of its PA1, for the import's report.
    expect(result.selections[0]!.line).toBe(5);
  });

  test('a copy whose line ends became LF still checks; a file without G85 is read and said to be unchecked', () => {
    expect(audit(read(dexFile({ selections, lineEnd: '\n' }))).checked).toBe(true);
    const unchecked = audit(read(dexFile({ selections, withoutCheck: true })));
    expect(unchecked.checked).toBe(false);
    expect(unchecked.selections).toHaveLength(4);
  });

  test('a file changed after the machine wrote it is refused at its G85 line', () => {
    const file = dexFile({ selections });
    const changed = file.replace('PA2*87*', 'PA2*97*');
    const found = problems(read(changed));
    const checkLine = changed.split('\r\n').findIndex((line) => line.startsWith('G85')) + 1;
    expect(found).toEqual([{ line: checkLine, message: expect.stringMatching(/^The file does not match its G85 check \([0-9A-F]{4}; its content gives [0-9A-F]{4}\)/) }]);
    // Cut short before the totals: the same.
    const lines = file.split('\r\n');
    expect(problems(read(lines.filter((line) => !line.startsWith('VA1')).join('\r\n'))).map((p) => p.message)).toEqual([expect.stringContaining('G85 check')]);
  });

  test('a check with its two bytes the other way round is accepted with a warning', () => {
    const result = audit(read(dexFile({ selections, swapCheckBytes: true })));
    expect(result.warnings).toEqual([{ line: expect.any(Number), message: expect.stringContaining('two bytes in reverse order') }]);
  });

  test('every broken line is named by its number, and nothing is read from a refused file', () => {
    const file = dexFile({ selections, withoutCheck: true, extraLines: ['PA2*3*300*0*0', 'this is not a segment', 'PA1*A1*150', 'PA1*B4*1,50'] });
    const lines = file.split('\r\n');
    const lineOf = (text: string) => lines.indexOf(text) + 1;
    expect(problems(read(file))).toEqual([
      { line: lineOf('this is not a segment'), message: `Line ${lineOf('this is not a segment')} is not a DEX segment: "this is not a segment".` },
      { line: lineOf('PA1*A1*150'), message: `Selection A1 appears twice (lines 5 and ${lineOf('PA1*A1*150')}).` },
      { line: lineOf('PA1*B4*1,50'), message: 'PA102 should be a whole number, not "1,50".' },
    ]);
    // A counter before any selection.
    const orphan = dexFile({ selections: [], withoutCheck: true, extraLines: ['PA2*3*300'] });
    expect(problems(read(orphan))).toEqual([{ line: 5, message: 'PA2 on line 5 has no selection (PA1) before it.' }]);
    expect(problems(read(''))).toEqual([{ line: 1, message: 'The file is empty.' }]);
  });

  test('empty prices, counters a machine does not keep, padded names, no serial and no ID4', () => {
    const file = dexFile({
      serial: '',
      decimalPlaces: null,
      selections: [
        { code: 'C3', price: null, name: 'Crisps   ', vendsSinceInit: 4294967295, valueSinceInit: 4294967295 },
        { code: 'C4', price: 0, vendsSinceInit: 0 },
      ],
    });
    const result = audit(read(file));
    expect(result.serial).toBeNull();
    expect(result.decimalPlaces).toBeNull();
    expect(result.selections[0]).toMatchObject({ code: 'C3', price: null, name: 'Crisps', paidVendsSinceInit: null, paidValueSinceInit: null });
    expect(result.selections[1]).toMatchObject({ code: 'C4', price: 0, paidVendsSinceInit: 0 });
  });

  test('a segment count in SE that does not match is a warning, not a refusal', () => {
    const file = dexFile({ selections }).replace(/SE\*(\d+)\*/, (_all, count: string) => `SE*${Number(count) + 3}*`);
    const result = audit(read(file));
    expect(result.warnings).toEqual([{ line: expect.any(Number), message: expect.stringMatching(/^SE01 says \d+ segments; the file has \d+ from ST to SE\.$/) }]);
  });

  test('PA5: when each selection last sold out, by the machine’s clock; never sold out is none; an unreadable one is a warning', () => {
    const file = dexFile({
      selections: [
        { code: 'A1', vendsSinceInit: 10, soldOut: { date: '261127', time: '1405' } },
        { code: 'A2', vendsSinceInit: 11, soldOut: { date: '20261128', time: '063012' } },
        { code: 'A3', vendsSinceInit: 12, soldOut: { date: '000000', time: '0000', times: 0 } },
        { code: 'A4', vendsSinceInit: 13, soldOut: { date: '261131', time: '1200' } },
        { code: 'A5', vendsSinceInit: 14 },
      ],
    });
    const result = audit(read(file));
    expect(result.selections.map((selection) => [selection.code, selection.soldOutAt])).toEqual([
      ['A1', '2026-11-27T14:05:00'],
      ['A2', '2026-11-28T06:30:12'],
      ['A3', null],
      ['A4', null],
      ['A5', null],
    ]);
    const a4 = file.split('\r\n').findIndex((line) => line.startsWith('PA1*A4*')) + 3;
    expect(result.warnings).toEqual([{ line: a4, message: `PA5 on line ${a4} gives "261131" "1200", which is not a date (YYMMDD) and time (HHMM); when the selection last sold out was not read.` }]);
  });

  test('a file of 60 selections is read whole', () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ code: String(index + 10), price: 100 + index, vendsSinceInit: index * 17 }));
    const result = audit(read(dexFile({ selections: many })));
    expect(result.selections).toHaveLength(60);
    expect(result.selections.at(-1)).toMatchObject({ code: '69', price: 159, paidVendsSinceInit: 59 * 17 });
  });
});
