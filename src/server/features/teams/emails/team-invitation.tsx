import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

/** An invitation to join a team: who invites, to which team, with what role, and the link (7 days). */

interface InvitationCopy {
  subject: (team: string) => string;
  intro: (inviter: string, team: string, role: string) => string;
  roles: Record<'manager' | 'driver' | 'viewer', string>;
  action: string;
  outro: string;
}

const COPY: Translated<InvitationCopy> = {
  en: {
    subject: (team) => `Join ${team} on VendVote`,
    intro: (inviter, team, role) => `${inviter} invites you to work in ${team} on VendVote as ${role}.`,
    roles: { manager: 'a manager', driver: 'a driver', viewer: 'a viewer' },
    action: 'Accept the invitation',
    outro: 'The link works once, for 7 days. If you did not expect it, you can ignore this message.',
  },
  es: {
    subject: (team) => `Únete a ${team} en VendVote`,
    intro: (inviter, team, role) => `${inviter} te invita a trabajar en ${team} en VendVote como ${role}.`,
    roles: { manager: 'gerente', driver: 'repartidor', viewer: 'observador' },
    action: 'Aceptar la invitación',
    outro: 'El enlace funciona una sola vez, durante 7 días. Si no lo esperabas, puedes ignorar este mensaje.',
  },
  fr: {
    subject: (team) => `Rejoignez ${team} sur VendVote`,
    intro: (inviter, team, role) => `${inviter} vous invite à travailler dans ${team} sur VendVote en tant que ${role}.`,
    roles: { manager: 'responsable', driver: 'chauffeur', viewer: 'lecteur' },
    action: 'Accepter l’invitation',
    outro: 'Le lien ne fonctionne qu’une fois, pendant 7 jours. Si vous ne l’attendiez pas, vous pouvez ignorer ce message.',
  },
  de: {
    subject: (team) => `Treten Sie ${team} auf VendVote bei`,
    intro: (inviter, team, role) => `${inviter} lädt Sie ein, in ${team} auf VendVote als ${role} mitzuarbeiten.`,
    roles: { manager: 'Manager', driver: 'Fahrer', viewer: 'Betrachter' },
    action: 'Einladung annehmen',
    outro: 'Der Link funktioniert einmal und 7 Tage lang. Wenn Sie ihn nicht erwartet haben, können Sie diese Nachricht ignorieren.',
  },
};

export const teamInvitationMail = defineMail({
  props: z.object({ locale: MailLocaleSchema, inviter: z.string(), team: z.string(), role: z.enum(['manager', 'driver', 'viewer']), link: z.string().url() }),
  subject: ({ locale, team }) => COPY[locale].subject(team),
  body: ({ locale, inviter, team, role, link }) => (
    <MailLayout locale={locale}>
      <Paragraph>{COPY[locale].intro(inviter, team, COPY[locale].roles[role])}</Paragraph>
      <ActionLink href={link}>{COPY[locale].action}</ActionLink>
      <Paragraph muted>{COPY[locale].outro}</Paragraph>
    </MailLayout>
  ),
});
