import { spreadsheetCsv } from '../../integrations/spreadsheet-csv.js';
import { PURCHASE_LIST_CSV_COLUMNS, PURCHASE_SOURCE_LABELS, type PurchaseList } from '../../../shared/stock.schemas.js';

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
  return spreadsheetCsv(PURCHASE_LIST_CSV_COLUMNS, rows);
}
