import { type DonationRecord } from '../../../shared/donation-hub.schemas.js';
import { TAX_TIPS, type TaxSummary } from '../../../shared/donation-tax.schemas.js';
import { enhancedDeductionNote, taxNotes } from '../../../shared/donation-tax-notes.js';
import { letterPdf } from '../../integrations/pdf-document.js';
import { drawPdfTable, numberPdfPages } from '../../integrations/pdf-table.js';
import { CONTENT_BOTTOM, CONTENT_WIDTH, dayText, disclaimer, dollarsText, donorLines, PAGE, sectionTitle, text, type Donor } from './donation-pdf-parts.js';
import { receiptNumberOf } from './receipt-pdf.js';

/** The year's summary as a document for the accountant: figures, notes, every gift, the tips. */
export function renderSummaryPdf(summary: TaxSummary, records: DonationRecord[], donor: Donor): Promise<Buffer> {
  const { doc, file } = letterPdf({ title: `${summary.year} donation summary`, margin: PAGE.margin, bufferPages: true });
  doc.font('bold').fontSize(20).fillColor('#111111');
  text(doc, `${summary.year} donation summary`);
  doc.font('regular').fontSize(10).fillColor('#444444');
  for (const line of donorLines(donor)) text(doc, line);
  doc.fillColor('#111111');

  sectionTitle(doc, 'Totals');
  text(doc, `Total fair market value: ${dollarsText(summary.totalValue)}`);
  text(doc, `Donations: ${summary.donationCount}`);
  text(doc, `Charities: ${summary.charityCount}`);
  if (summary.totalCostBasis !== null) text(doc, `Cost basis entered: ${dollarsText(summary.totalCostBasis)}`);

  const notes = taxNotes(summary);
  const enhanced = enhancedDeductionNote(summary);
  if (notes.length > 0 || enhanced) {
    sectionTitle(doc, 'For your return');
    for (const note of [...notes, ...(enhanced ? [enhanced] : [])]) {
      text(doc, `• ${note}`);
      doc.moveDown(0.2);
    }
  }

  sectionTitle(doc, 'Donations');
  if (records.length === 0) {
    text(doc, `No donations were recorded in ${summary.year}.`);
  } else {
    drawPdfTable(doc, {
      columns: [
        { title: 'Date', width: 80 },
        { title: 'Receipt', width: 62 },
        { title: 'Charity', width: 170 },
        { title: 'Items', width: 44, align: 'right' },
        { title: 'Value', width: 74, align: 'right' },
        { title: 'Cost basis', width: 74, align: 'right' },
      ],
      rows: records.map((record) => [
        dayText(record.donationDate),
        receiptNumberOf(record.id),
        record.charityEin ? `${record.charityName} (EIN ${record.charityEin})` : record.charityName,
        String(record.products.reduce((sum, line) => sum + line.quantity, 0)),
        dollarsText(record.totalValue),
        record.totalCostBasis === null ? '' : dollarsText(record.totalCostBasis),
      ]),
      left: PAGE.margin,
      bottom: CONTENT_BOTTOM,
    });
  }

  sectionTitle(doc, 'Tax tips');
  for (const tip of TAX_TIPS) text(doc, `• ${tip}`);
  disclaimer(doc);
  numberPdfPages(doc, PAGE.height - PAGE.margin + 14, PAGE.margin, CONTENT_WIDTH);
  doc.end();
  return file;
}
