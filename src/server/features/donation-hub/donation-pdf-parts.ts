import { type DonationRecord } from '../../../shared/donation-hub.schemas.js';
import { TAX_DISCLAIMER } from '../../../shared/donation-tax.schemas.js';

/** What the receipt and the year's summary share: the page, the donor block, dates and dollars. */

export const PAGE = { width: 612, height: 792, margin: 54 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Rows stop above this, leaving the foot of the page to its number. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 20;

export interface Donor {
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const dollarsText = (amount: string) => usd.format(Number(amount));

/** '2026-05-01' as 'May 1, 2026' (a calendar day: no time zone moves it). */
export function dayText(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function charityAddressLines(record: DonationRecord): string[] {
  const place = [record.charityCity, [record.charityState, record.charityZip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [record.charityAddress, place].filter(Boolean);
}

export function donorLines(donor: Donor): string[] {
  return [donor.company ? `${donor.company} (${donor.name})` : donor.name, donor.email, donor.phone ?? ''].filter(Boolean);
}

export function text(doc: PDFKit.PDFDocument, value: string, options: PDFKit.Mixins.TextOptions = {}) {
  doc.text(value, PAGE.margin, doc.y, { width: CONTENT_WIDTH, ...options });
}

export function sectionTitle(doc: PDFKit.PDFDocument, title: string) {
  if (doc.y > CONTENT_BOTTOM - 60) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(12).fillColor('#111111');
  text(doc, title);
  doc.moveDown(0.2).font('regular').fontSize(10);
}

export function disclaimer(doc: PDFKit.PDFDocument) {
  doc.moveDown(1).font('regular').fontSize(8).fillColor('#666666');
  text(doc, TAX_DISCLAIMER);
  doc.fillColor('#111111');
}
