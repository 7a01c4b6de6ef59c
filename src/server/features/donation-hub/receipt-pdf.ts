import { type DonationRecord } from '../../../shared/donation-hub.schemas.js';
import { ACKNOWLEDGMENT_THRESHOLD } from '../../../shared/donation-tax.schemas.js';
import { letterPdf } from '../../integrations/pdf-document.js';
import { drawPdfTable, numberPdfPages } from '../../integrations/pdf-table.js';
import { charityAddressLines, CONTENT_BOTTOM, CONTENT_WIDTH, dayText, disclaimer, dollarsText, donorLines, PAGE, sectionTitle, text, type Donor } from './donation-pdf-parts.js';

/** The receipt's number, as printed and named in its file. */
export const receiptNumberOf = (donationId: number) => `D-${String(donationId).padStart(6, '0')}`;

function itemRows(record: DonationRecord, withCost: boolean): string[][] {
  return record.products.map((line) => {
    const cells = [line.brand ? `${line.name} (${line.brand})` : line.name, String(line.quantity), dollarsText(line.unitValue), dollarsText(line.lineTotal)];
    return withCost ? [...cells, line.lineCost === null ? '' : dollarsText(line.lineCost)] : cells;
  });
}

/**
 * The donor's record of a gift, and below it a written acknowledgment for the charity to sign,
 * holding what the IRS asks of one: the charity's name and address, the date, a description of the
 * goods, and whether anything was given in return (and if so, what and its value).
 */
export function renderReceiptPdf(record: DonationRecord, donor: Donor): Promise<Buffer> {
  const number = receiptNumberOf(record.id);
  const { doc, file } = letterPdf({ title: `Donation receipt ${number}`, margin: PAGE.margin, bufferPages: true });
  const withCost = record.products.some((line) => line.lineCost !== null);

  doc.font('bold').fontSize(20).fillColor('#111111');
  text(doc, 'Donation receipt');
  doc.font('regular').fontSize(10).fillColor('#444444');
  text(doc, `Receipt ${number} · Gift of goods on ${dayText(record.donationDate)} · Tax year ${record.taxYear}`);
  doc.fillColor('#111111');

  sectionTitle(doc, 'Donor');
  for (const line of donorLines(donor)) text(doc, line);

  sectionTitle(doc, 'Charity');
  doc.font('bold');
  text(doc, record.charityName);
  doc.font('regular');
  if (record.charityEin) text(doc, `EIN ${record.charityEin}`);
  for (const line of charityAddressLines(record)) text(doc, line);
  if (record.contactPerson) text(doc, `Contact: ${record.contactPerson}`);

  sectionTitle(doc, 'Goods given');
  const columns = [
    { title: 'Description', width: withCost ? 214 : 284 },
    { title: 'Quantity', width: 60, align: 'right' as const },
    { title: 'Value each', width: 80, align: 'right' as const },
    { title: 'Value', width: 80, align: 'right' as const },
    ...(withCost ? [{ title: 'Cost basis', width: 70, align: 'right' as const }] : []),
  ];
  drawPdfTable(doc, { columns, rows: itemRows(record, withCost), left: PAGE.margin, bottom: CONTENT_BOTTOM });
  doc.moveDown(0.5).font('bold').fontSize(11);
  text(doc, `Total fair market value: ${dollarsText(record.totalValue)}`, { align: 'right' });
  if (record.totalCostBasis !== null) {
    doc.font('regular').fontSize(10);
    text(doc, `Total cost basis (lines where entered): ${dollarsText(record.totalCostBasis)}`, { align: 'right' });
  }
  doc.font('regular').fontSize(8).fillColor('#444444');
  text(doc, 'Values are the donor’s estimate of fair market value; the charity is not asked to value the goods.');
  doc.fillColor('#111111');
  if (record.notes) {
    sectionTitle(doc, 'Notes');
    text(doc, record.notes);
  }

  if (doc.y > CONTENT_BOTTOM - 220) doc.addPage();
  sectionTitle(doc, 'Written acknowledgment');
  text(doc, `${record.charityName} acknowledges receiving from ${donorLines(donor)[0]}, on ${dayText(record.donationDate)}, the goods described above.`);
  doc.moveDown(0.4);
  if (record.inReturn === null) {
    text(doc, 'No goods or services were provided in exchange for this contribution.');
  } else {
    text(doc, `In exchange for this contribution, ${record.charityName} provided: ${record.inReturn.description}, with an estimated value of ${dollarsText(record.inReturn.value)}.`);
  }
  doc.moveDown(1.6);
  for (const label of ['Signature of an authorized representative', 'Printed name and title', 'Date']) {
    const y = doc.y;
    doc.save().lineWidth(0.7).strokeColor('#111111').moveTo(PAGE.margin, y).lineTo(PAGE.margin + 300, y).stroke().restore();
    doc.font('regular').fontSize(8).fillColor('#444444');
    text(doc, label);
    doc.moveDown(1.4).fillColor('#111111');
  }
  doc.font('regular').fontSize(8).fillColor('#444444');
  text(doc, `The IRS asks for the charity’s written acknowledgment of any single gift of $${ACKNOWLEDGMENT_THRESHOLD} or more, received by the time the return is filed.`);
  disclaimer(doc);
  numberPdfPages(doc, PAGE.height - PAGE.margin + 14, PAGE.margin, CONTENT_WIDTH);
  doc.end();
  return file;
}
