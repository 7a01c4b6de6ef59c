import type { DonationRecord } from '../../../shared/donation-hub.schemas.js';
import { spreadsheetCsv } from '../../integrations/spreadsheet-csv.js';
import { receiptNumberOf } from './receipt-pdf.js';

export const DONATIONS_CSV_COLUMNS = [
  'Receipt',
  'Date',
  'Tax Year',
  'Charity',
  'EIN',
  'Charity Address',
  'Charity City',
  'Charity State',
  'Charity ZIP',
  'Product',
  'Brand',
  'Category',
  'Quantity',
  'Unit Value',
  'Line Value',
  'Unit Cost',
  'Line Cost',
  'Received in Return',
  'Value Received',
  'Notes',
] as const;

/** Every donation record, one line per donated item, oldest gift first: what an accountant imports. */
export function donationsCsv(records: DonationRecord[]): string {
  const rows = [...records].reverse().flatMap((record) =>
    record.products.map((line) => [
      receiptNumberOf(record.id),
      record.donationDate,
      record.taxYear,
      record.charityName,
      record.charityEin ?? '',
      record.charityAddress,
      record.charityCity,
      record.charityState,
      record.charityZip,
      line.name,
      line.brand,
      line.category ?? '',
      line.quantity,
      line.unitValue,
      line.lineTotal,
      line.unitCost ?? '',
      line.lineCost ?? '',
      record.inReturn?.description ?? '',
      record.inReturn?.value ?? '',
      record.notes,
    ]),
  );
  return spreadsheetCsv(DONATIONS_CSV_COLUMNS, rows);
}
