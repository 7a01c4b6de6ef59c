import type { VendingIssue } from '../../../shared/feedback.schemas.js';
import type { MailMessage } from '../../integrations/mail.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Customer text goes into a header: no line breaks, and short enough for a mail client's list. */
const oneLine = (value: string, max = 80) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Tells a machine's owner that a customer reported a problem, with a link to the issues page. */
export function newIssueEmail(to: string, issue: VendingIssue, issuesLink: string): MailMessage {
  const where = issue.machineName ? ` at ${oneLine(issue.machineName)}` : '';
  const subject = `New vending issue${where}: ${oneLine(issue.productName)}`;
  const intro = `A customer reported a problem${issue.machineName ? ` at ${issue.machineName}` : ''}.`;
  const details: [string, string][] = [
    ['Product', issue.productName],
    ['Customer', `${issue.customerName} <${issue.customerEmail}>`],
    ['Description', issue.issueDescription ?? '(none given)'],
  ];

  const text = [
    intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    `See and update your issues: ${issuesLink}`,
    '',
    'You get this message because email notifications are on in your settings.',
    '',
    '— VendVote',
  ].join('\n');

  const rows = details
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0;vertical-align:top">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = `<p>${escapeHtml(intro)}</p><table>${rows}</table>
<p><a href="${escapeHtml(issuesLink)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Open Vending Issues</a></p>
<p style="color:#555">Or open this address: ${escapeHtml(issuesLink)}</p>
<p style="color:#555">You get this message because email notifications are on in your settings.</p><p>— VendVote</p>`;
  return { to, subject, text, html };
}
