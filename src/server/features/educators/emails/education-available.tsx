import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const COPY: Translated<{ subject: string; body: string; action: string; why: string }> = {
  en: {
    subject: 'Educational resources are now on VendVote',
    body: 'The education directory you asked about is open: courses and coaching for running a vending business are listed now.',
    action: 'Browse the education directory',
    why: 'You get this message once, because you asked to be told when educational resources became available.',
  },
  es: {
    subject: 'Ya hay recursos educativos en VendVote',
    body: 'El directorio educativo por el que preguntaste ya está abierto: ya puedes ver cursos y formación para gestionar un negocio de máquinas expendedoras.',
    action: 'Ver el directorio educativo',
    why: 'Recibes este mensaje una sola vez porque pediste que te avisáramos cuando hubiera recursos educativos.',
  },
  fr: {
    subject: 'Les ressources pédagogiques sont disponibles sur VendVote',
    body: 'L’annuaire pédagogique que vous attendiez est ouvert : des formations pour gérer une activité de distribution automatique y sont proposées.',
    action: 'Parcourir l’annuaire pédagogique',
    why: 'Vous recevez ce message une seule fois, car vous avez demandé à être prévenu de l’arrivée des ressources pédagogiques.',
  },
  de: {
    subject: 'Weiterbildungsangebote sind jetzt auf VendVote',
    body: 'Das Weiterbildungsverzeichnis, nach dem Sie gefragt haben, ist geöffnet: Kurse und Coaching für den Betrieb eines Automatengeschäfts sind jetzt gelistet.',
    action: 'Weiterbildungsverzeichnis öffnen',
    why: 'Sie erhalten diese Nachricht einmalig, weil Sie benachrichtigt werden wollten, sobald Weiterbildungsangebote verfügbar sind.',
  },
};

/** The first real educator is listed: sent to each operator who pressed 'Get Notified When Available'. */
export const educationAvailableMail = defineMail({
  props: z.object({ locale: MailLocaleSchema, firstName: z.string(), educationLink: z.string().url() }),
  subject: ({ locale }) => COPY[locale].subject,
  body: ({ locale, firstName, educationLink }) => (
    <MailLayout locale={locale}>
      <Greeting firstName={firstName} />
      <Paragraph>{COPY[locale].body}</Paragraph>
      <ActionLink href={educationLink}>{COPY[locale].action}</ActionLink>
      <Paragraph muted>{COPY[locale].why}</Paragraph>
    </MailLayout>
  ),
});
