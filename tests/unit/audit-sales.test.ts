import { describe, expect, test } from 'vitest';
import { salesSinceLastAudit, type SelectionCounters } from '../../src/server/features/sales/audit-sales.js';
import { readDexAudit, type DexSelection } from '../../src/server/features/sales/dex-audit.js';
import { dexBytes, dexFile, type DexSelectionFigures } from '../support/dex-files.js';

/** The selections of a DEX file written from these figures, read back as the import reads it. */
function audited(figures: DexSelectionFigures[]): DexSelection[] {
  const result = readDexAudit(dexBytes(dexFile({ selections: figures })));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.audit.selections;
}

describe('sales between two audits of a machine', () => {
  test('the first audit is a baseline for every selection and sells nothing', () => {
    const first = salesSinceLastAudit([], audited([{ code: 'A1', price: 150, vendsSinceInit: 1200 }, { code: 'A2', price: 200, vendsSinceInit: 40 }]));
    expect(first.sales).toEqual([]);
    expect(first.baselines).toEqual([
      { code: 'A1', reason: 'first-audit' },
      { code: 'A2', reason: 'first-audit' },
    ]);
    expect(first.counters).toEqual([
      { code: 'A1', vends: 1200, value: 180000 },
      { code: 'A2', vends: 40, value: 8000 },
    ]);
  });

  test('the next audit sells the difference of each selection’s counters, in units and money', () => {
    const known = [
      { code: 'A1', price: 150, vendsSinceInit: 1200 },
      { code: 'A2', price: 200, vendsSinceInit: 40 },
    ];
    const { counters } = salesSinceLastAudit([], audited(known));
    // A week later: 35 of A1 at 1.50, none of A2, and B1 appears in the planogram.
    const next = salesSinceLastAudit(counters, audited([
      { code: 'A1', price: 150, vendsSinceInit: 1235 },
      { code: 'A2', price: 200, vendsSinceInit: 40 },
      { code: 'B1', price: 100, vendsSinceInit: 3 },
    ]));
    expect(next.sales).toEqual([{ code: 'A1', vends: 35, value: 5250 }]);
    expect(next.baselines).toEqual([{ code: 'B1', reason: 'first-audit' }]);
    expect(next.counters.find((c) => c.code === 'A1')).toEqual({ code: 'A1', vends: 1235, value: 185250 });
  });

  test('a counter that went back (controller reset or replaced) starts a new baseline, never a negative sale', () => {
    const previous: SelectionCounters[] = [
      { code: 'A1', vends: 1235, value: 185250 },
      { code: 'A2', vends: 40, value: 8000 },
    ];
    const after = salesSinceLastAudit(previous, audited([
      { code: 'A1', price: 150, vendsSinceInit: 12 },
      { code: 'A2', price: 200, vendsSinceInit: 45 },
    ]));
    expect(after.sales).toEqual([{ code: 'A2', vends: 5, value: 1000 }]);
    expect(after.baselines).toEqual([{ code: 'A1', reason: 'counter-went-back', before: 1235, now: 12 }]);
    // The next audit counts A1 from its new baseline.
    const later = salesSinceLastAudit(after.counters, audited([{ code: 'A1', price: 150, vendsSinceInit: 20 }, { code: 'A2', price: 200, vendsSinceInit: 45 }]));
    expect(later.sales).toEqual([{ code: 'A1', vends: 8, value: 1200 }]);
  });

  test('a selection without a vend counter is left uncounted and keeps its last counters', () => {
    const previous: SelectionCounters[] = [{ code: 'C3', vends: 10, value: null }];
    const result = salesSinceLastAudit(previous, audited([{ code: 'C3', price: null, vendsSinceInit: 4294967295, valueSinceInit: 4294967295 }]));
    expect(result).toEqual({ sales: [], baselines: [], uncounted: ['C3'], counters: previous });
  });

  test('units are counted even where a value counter is missing on one side', () => {
    const result = salesSinceLastAudit([{ code: 'D1', vends: 10, value: null }], audited([{ code: 'D1', price: 100, vendsSinceInit: 14 }]));
    expect(result.sales).toEqual([{ code: 'D1', vends: 4, value: null }]);
  });
});
