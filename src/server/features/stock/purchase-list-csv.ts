import Papa from 'papaparse';
import { PURCHASE_LIST_CSV_COLUMNS, PURCHASE_SOURCE_LABELS, type PurchaseList } from '../../../shared/stock.schemas.js';

/**
 * A text cell that a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with
 * = + - @, a tab or a carriage return. Papa's own `escapeFormulae: true` tests /^[=+\-@\t\r].*$/,
 * which a line break later in the cell defeats ('.' stops at it), so only the first character counts here.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel reads a UTF-8 file as its local code page unless it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The purchase list as CSV: one row per line in the list's order, costs as plain amounts in the
 * operator's currency ('' when unknown), and every text cell that could start a formula prefixed
 * with an apostrophe (which the spreadsheet shows as text).
 */
export function purchaseListCsv(list: PurchaseList): string {
  const rows = list.items.map((item) => [
    item.machineName,
    item.machineLocation,
    item.productName,
    item.brand,
    item.category,
    item.quantity,
    item.unitCost ?? '',
    item.lineCost ?? '',
    PURCHASE_SOURCE_LABELS[item.source],
    item.note,
  ]);
  return BYTE_ORDER_MARK + Papa.unparse({ fields: [...PURCHASE_LIST_CSV_COLUMNS], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}
