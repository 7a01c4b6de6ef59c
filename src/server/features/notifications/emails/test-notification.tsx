import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const COPY: Translated<{ subject: string; body: string; action: string }> = {
  en: {
    subject: 'VendVote test notification',
    body: 'This is the test email you asked for: VendVote notifications reach this address.',
    action: 'Choose what we tell you',
  },
  es: {
    subject: 'Notificación de prueba de VendVote',
    body: 'Este es el correo de prueba que pediste: las notificaciones de VendVote llegan a esta dirección.',
    action: 'Elegir de qué te avisamos',
  },
  fr: {
    subject: 'Notification de test VendVote',
    body: 'Voici l’e-mail de test que vous avez demandé : les notifications VendVote arrivent bien à cette adresse.',
    action: 'Choisir ce que nous vous signalons',
  },
  de: {
    subject: 'VendVote-Testbenachrichtigung',
    body: 'Dies ist die Test-E-Mail, die Sie angefordert haben: VendVote-Benachrichtigungen erreichen diese Adresse.',
    action: 'Festlegen, worüber wir Sie informieren',
  },
};

/** Sent on request from the settings page, so the operator knows our mail reaches them. */
export const testNotificationMail = defineMail({
  props: z.object({ locale: MailLocaleSchema, firstName: z.string(), settingsLink: z.string().url() }),
  subject: ({ locale }) => COPY[locale].subject,
  body: ({ locale, firstName, settingsLink }) => (
    <MailLayout locale={locale}>
      <Greeting firstName={firstName} />
      <Paragraph>{COPY[locale].body}</Paragraph>
      <ActionLink href={settingsLink}>{COPY[locale].action}</ActionLink>
    </MailLayout>
  ),
});
