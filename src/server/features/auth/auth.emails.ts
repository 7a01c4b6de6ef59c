import type { MailMessage } from '../../integrations/mail.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function linkEmail(to: string, subject: string, greeting: string, intro: string, action: string, link: string, outro: string): MailMessage {
  const text = `${greeting}\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n\n— VendVote`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555">Or open this address: ${escapeHtml(link)}</p><p style="color:#555">${escapeHtml(outro)}</p><p>— VendVote</p>`;
  return { to, subject, text, html };
}

export function verificationEmail(to: string, firstName: string, link: string): MailMessage {
  return linkEmail(
    to,
    'Verify your VendVote email address',
    `Hi ${firstName},`,
    'Thanks for signing up for VendVote. Please confirm that this is your email address.',
    'Verify email',
    link,
    'This link works for 24 hours. If you did not sign up, you can ignore this message.',
  );
}

export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  return linkEmail(
    to,
    'Reset your VendVote password',
    `Hi ${firstName},`,
    'Someone asked to reset the password of your VendVote account.',
    'Choose a new password',
    link,
    'This link works once, for one hour. If you did not ask for it, you can ignore this message; your password stays as it is.',
  );
}
