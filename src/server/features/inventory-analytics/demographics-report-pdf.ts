import { letterPdf } from '../../integrations/pdf-document.js';
import { RANGE_LABELS, type Demographics } from '../../../shared/analytics.schemas.js';
import { formatMoney, type Currency } from '../../../shared/money.js';

const MARGIN = 54;
const PAGE_WIDTH = 612;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BAR_COLOR = '#2563eb';
const LABEL_WIDTH = 150;
const BAR_HEIGHT = 14;

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(1).font('bold').fontSize(13).fillColor('#111111').text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4).font('regular').fontSize(10).fillColor('#333333');
}

/** Horizontal bars with their label on the left and their value printed at the end. */
function barChart(doc: PDFKit.PDFDocument, rows: { label: string; value: number; caption: string }[]) {
  const largest = Math.max(...rows.map((row) => row.value), 0);
  const barSpace = CONTENT_WIDTH - LABEL_WIDTH - 90;
  for (const row of rows) {
    if (doc.y + BAR_HEIGHT + 6 > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    doc.font('regular').fontSize(9).fillColor('#333333').text(row.label, MARGIN, top + 2, { width: LABEL_WIDTH - 8, height: BAR_HEIGHT, ellipsis: true });
    const width = largest === 0 ? 0 : Math.max(1, (row.value / largest) * barSpace);
    doc.rect(MARGIN + LABEL_WIDTH, top, width, BAR_HEIGHT).fill(BAR_COLOR);
    doc.fillColor('#111111').text(row.caption, MARGIN + LABEL_WIDTH + width + 6, top + 2, { width: 84 });
    doc.x = MARGIN;
    doc.y = top + BAR_HEIGHT + 6;
  }
}

function scopeName(figures: Demographics): string {
  if (figures.machineId !== null) {
    const machine = figures.locations.flatMap((location) => location.machines).find((candidate) => candidate.id === figures.machineId);
    return `${machine?.name ?? 'Machine'} (${figures.location ?? ''})`;
  }
  return figures.location ?? 'All locations';
}

/** The Market Insights tab as a printable report: its notes, seasonal multipliers and revenue opportunities. */
export function renderDemographicsReportPdf(figures: Demographics): Promise<Buffer> {
  const { doc, file } = letterPdf({ title: 'VendVote market insights', margin: MARGIN });
  const currency = figures.currency as Currency;
  const computed = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: figures.timeZone }).format(new Date(figures.computedAt));

  doc.font('bold').fontSize(18).fillColor('#111111').text('Market insights');
  doc.font('regular').fontSize(10).fillColor('#444444');
  doc.text(`${scopeName(figures)} · ${RANGE_LABELS[figures.range]}`);
  doc.text(`Figures computed ${computed} (${figures.timeZone}) from the votes stored then.`);
  const { behavior } = figures;
  doc.text(`${behavior.totalVotes} votes from ${behavior.totalVoters} voters; ${behavior.returningVoters} came back on another day.`);

  heading(doc, 'Insights');
  if (figures.insights.notes.length === 0) doc.text('No insights: there are no votes in this period.');
  for (const note of figures.insights.notes) doc.text(`• ${note.text}`, { width: CONTENT_WIDTH });

  heading(doc, 'Votes by day of the week');
  barChart(doc, behavior.daily.map((day) => ({ label: day.day, value: day.votes, caption: String(day.votes) })));

  heading(doc, 'Seasonal multipliers');
  const { seasonal } = figures.insights;
  if (!seasonal.enoughHistory) {
    doc.text(`Not enough history yet: ${seasonal.historyDays} days so far. ${seasonal.requirement}.`, { width: CONTENT_WIDTH });
  } else {
    doc.text('Average votes a day in each season against the average over these seasons (1.00 = average).', { width: CONTENT_WIDTH });
    doc.moveDown(0.4);
    barChart(doc, seasonal.multipliers.map((season) => ({ label: `${season.season} (${season.days} days)`, value: season.multiplier, caption: `× ${season.multiplier.toFixed(2)}` })));
  }

  heading(doc, 'Revenue opportunities');
  if (figures.insights.opportunities.length === 0) {
    doc.text('None yet: opportunities need products with a price and a forecast from their votes.', { width: CONTENT_WIDTH });
  } else {
    doc.text('Predicted weekly revenue: predicted up-votes for the coming week times the price, at one sale per up-vote.', { width: CONTENT_WIDTH });
    doc.moveDown(0.4);
    barChart(
      doc,
      figures.insights.opportunities.map((opportunity) => ({
        label: opportunity.productName,
        value: Number(opportunity.weeklyRevenue),
        caption: formatMoney(opportunity.weeklyRevenue, currency),
      })),
    );
    doc.moveDown(0.2);
    for (const opportunity of figures.insights.opportunities) {
      doc.text(`${opportunity.productName}: ${opportunity.predictedWeeklyVotes} up-votes expected at ${formatMoney(opportunity.price, currency)}. ${opportunity.note}.`, MARGIN, doc.y, { width: CONTENT_WIDTH });
    }
  }
  doc.moveDown(1).fontSize(8).fillColor('#666666').text('We do not ask customers their age or anything that identifies them; device type is kept only as phone, tablet or computer.', MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.end();
  return file;
}
