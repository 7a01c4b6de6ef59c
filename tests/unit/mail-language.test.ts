import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { resetPasswordMail } from '../../src/server/features/auth/emails/reset-password.js';
import { verifyEmailMail } from '../../src/server/features/auth/emails/verify-email.js';
import { paymentFailedMail } from '../../src/server/features/billing/emails/payment-failed.js';
import { trialEndingMail } from '../../src/server/features/billing/emails/trial-ending.js';
import { magnetOrderShippedMail } from '../../src/server/features/magnets/emails/magnet-order-shipped.js';
import { testNotificationMail } from '../../src/server/features/notifications/emails/test-notification.js';
import { confirmEmailChangeMail, emailChangedMail } from '../../src/server/features/security/emails/email-change.js';
import { newSignInMail } from '../../src/server/features/security/emails/new-sign-in.js';
import { newIssueMail } from '../../src/server/features/vending-issues/emails/new-issue.js';
import { issueReplyMail } from '../../src/server/features/vending-issues/emails/issue-reply.js';
import { productStockedMail } from '../../src/server/features/suggestions/emails/product-stocked.js';
import { suggestionAcceptedMail } from '../../src/server/features/suggestions/emails/suggestion-accepted.js';
import { educationAvailableMail } from '../../src/server/features/educators/emails/education-available.js';
import type { MailTemplate } from '../../src/server/integrations/mail/define-mail.js';
import { MAIL_LOCALES } from '../../src/server/integrations/mail/mail-locale.js';
import { renderMail } from '../../src/server/integrations/mail/render-mail.js';

const link = 'https://vendvote.example/some/page';

/** Each operator mail with props as its queue would hold them, before the language is added. */
const MAILS: [string, MailTemplate<z.ZodType>, Record<string, unknown>][] = [
  ['verify-email', verifyEmailMail, { firstName: 'Ann', link }],
  ['reset-password', resetPasswordMail, { firstName: 'Ann', link }],
  ['payment-failed (retry)', paymentFailedMail, { planName: 'Growth', amountDue: '$20.00', nextAttemptOn: 'March 5, 2025', billingLink: link }],
  ['payment-failed (no retry)', paymentFailedMail, { planName: 'Growth', amountDue: '$20.00', nextAttemptOn: null, billingLink: link }],
  ['trial-ending (card)', trialEndingMail, { planName: 'Growth', trialEndsOn: 'March 5, 2025', hasPaymentMethod: true, billingLink: link }],
  ['trial-ending (no card)', trialEndingMail, { planName: 'Growth', trialEndsOn: 'March 5, 2025', hasPaymentMethod: false, billingLink: link }],
  [
    'new-issue',
    newIssueMail,
    { machineName: 'Gym Lobby', productName: 'Chips', customerName: 'Riley', customerEmail: 'riley@example.test', issueDescription: null, issuesLink: link },
  ],
  [
    'new-issue (no machine)',
    newIssueMail,
    { machineName: null, productName: 'Chips', customerName: 'Riley', customerEmail: 'riley@example.test', issueDescription: 'Stuck', issuesLink: link },
  ],
  [
    'magnet-shipped',
    magnetOrderShippedMail,
    { orderId: 7, machineName: 'Lobby', quantity: 10, magnetSize: '3x3', carrier: 'USPS', trackingNumber: '9400', trackingUrl: link, ordersLink: link },
  ],
  ['test-notification', testNotificationMail, { firstName: 'Ann', settingsLink: link }],
  ['education-available', educationAvailableMail, { firstName: 'Ann', educationLink: link }],
  ['confirm-email-change', confirmEmailChangeMail, { firstName: 'Ann', confirmLink: link }],
  ['email-changed', emailChangedMail, { firstName: 'Ann', newEmail: 'new@example.test', supportLink: link }],
  // Customer mails, written in the machine owner's language.
  ['product-stocked', productStockedMail, { productName: 'Takis Fuego', machineName: 'Gym Lobby', location: 'Floor 2', votePageLink: link }],
  ['suggestion-accepted', suggestionAcceptedMail, { productName: 'Takis Fuego', machineName: 'Gym Lobby', votePageLink: link, keptDays: 90 }],
  [
    'issue-reply',
    issueReplyMail,
    { customerName: 'Riley', productName: 'Chips', machine: { name: 'Gym Lobby', location: 'Floor 2', votePageLink: link }, reply: 'Fixed.\nRefunded too.' },
  ],
  ['issue-reply (no machine)', issueReplyMail, { customerName: 'Riley', productName: 'Chips', machine: null, reply: 'Fixed.' }],
  ['new-sign-in', newSignInMail, { firstName: 'Ann', browser: 'Firefox 133', system: 'Windows', place: 'Chicago', when: 'March 5, 2025 at 2:30 PM CST', securityLink: link }],
];

describe.each(MAILS)('the %s mail', (_name, template, props) => {
  test('a job queued without a language is written in English', () => {
    expect(template.props.parse(props)).toMatchObject({ locale: 'en' });
  });

  test('is written differently in each language, with nothing left out', async () => {
    const rendered = await Promise.all(
      MAIL_LOCALES.map(async (locale) => {
        const parsed = template.props.parse({ ...props, locale });
        return { locale, ...(await renderMail('ann@example.test', template.subject(parsed), template.body(parsed))) };
      }),
    );
    for (const mail of rendered) {
      expect(mail.html).toContain(`lang="${mail.locale}"`);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/undefined|null|\[object/);
    }
    expect(new Set(rendered.map((mail) => mail.subject)).size).toBe(MAIL_LOCALES.length);
    expect(new Set(rendered.map((mail) => mail.text)).size).toBe(MAIL_LOCALES.length);
  });
});
