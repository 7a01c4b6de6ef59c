import type { ReactNode } from 'react';
import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const CONFIRM: Translated<{ subject: string; asked: string; action: string; ignore: string }> = {
  en: {
    subject: 'Confirm your new VendVote email address',
    asked: 'You asked to use this address to sign in to VendVote. Confirm it within 24 hours:',
    action: 'Confirm this email address',
    ignore: 'If you did not ask for this, ignore this mail: nothing changes.',
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo de VendVote',
    asked: 'Has pedido usar esta dirección para iniciar sesión en VendVote. Confírmala en las próximas 24 horas:',
    action: 'Confirmar esta dirección de correo',
    ignore: 'Si no lo has pedido tú, ignora este correo: no cambiará nada.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail VendVote',
    asked: 'Vous avez demandé à utiliser cette adresse pour vous connecter à VendVote. Confirmez-la dans les 24 heures :',
    action: 'Confirmer cette adresse e-mail',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für VendVote',
    asked: 'Sie möchten sich mit dieser Adresse bei VendVote anmelden. Bestätigen Sie sie innerhalb von 24 Stunden:',
    action: 'Diese E-Mail-Adresse bestätigen',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
  },
};

/** To the new address: the link that makes it the account's sign-in email. */
export const confirmEmailChangeMail = defineMail({
  props: z.object({ locale: MailLocaleSchema, firstName: z.string(), confirmLink: z.string().url() }),
  subject: ({ locale }) => CONFIRM[locale].subject,
  body: ({ locale, firstName, confirmLink }) => (
    <MailLayout locale={locale}>
      <Greeting firstName={firstName} />
      <Paragraph>{CONFIRM[locale].asked}</Paragraph>
      <ActionLink href={confirmLink}>{CONFIRM[locale].action}</ActionLink>
      <Paragraph muted>{CONFIRM[locale].ignore}</Paragraph>
    </MailLayout>
  ),
});

const CHANGED: Translated<{ subject: string; now(newEmail: ReactNode): ReactNode; notYou: string; action: string }> = {
  en: {
    subject: 'Your VendVote email address was changed',
    now: (newEmail) => <>Your VendVote account now signs in with {newEmail}. This address will no longer receive its mail.</>,
    notYou: 'If you did not make this change, contact us at once.',
    action: 'Contact support',
  },
  es: {
    subject: 'Se ha cambiado tu dirección de correo de VendVote',
    now: (newEmail) => <>Tu cuenta de VendVote ahora inicia sesión con {newEmail}. Esta dirección ya no recibirá sus correos.</>,
    notYou: 'Si no has hecho tú este cambio, ponte en contacto con nosotros de inmediato.',
    action: 'Contactar con soporte',
  },
  fr: {
    subject: 'Votre adresse e-mail VendVote a été modifiée',
    now: (newEmail) => <>Votre compte VendVote se connecte désormais avec {newEmail}. Cette adresse ne recevra plus ses e-mails.</>,
    notYou: 'Si vous n’êtes pas à l’origine de ce changement, contactez-nous immédiatement.',
    action: 'Contacter l’assistance',
  },
  de: {
    subject: 'Ihre E-Mail-Adresse für VendVote wurde geändert',
    now: (newEmail) => <>Ihr VendVote-Konto meldet sich jetzt mit {newEmail} an. An diese Adresse gehen keine E-Mails des Kontos mehr.</>,
    notYou: 'Wenn Sie diese Änderung nicht vorgenommen haben, kontaktieren Sie uns bitte sofort.',
    action: 'Support kontaktieren',
  },
};

/** To the old address, once the change is made: the owner hears of it even if someone else made it. */
export const emailChangedMail = defineMail({
  props: z.object({ locale: MailLocaleSchema, firstName: z.string(), newEmail: z.string(), supportLink: z.string().url() }),
  subject: ({ locale }) => CHANGED[locale].subject,
  body: ({ locale, firstName, newEmail, supportLink }) => (
    <MailLayout locale={locale}>
      <Greeting firstName={firstName} />
      <Paragraph>{CHANGED[locale].now(<strong>{newEmail}</strong>)}</Paragraph>
      <Paragraph>{CHANGED[locale].notYou}</Paragraph>
      <ActionLink href={supportLink}>{CHANGED[locale].action}</ActionLink>
    </MailLayout>
  ),
});
