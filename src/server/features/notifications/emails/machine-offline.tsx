import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { formatInstant, type Translated } from '../../../integrations/mail/mail-locale.js';
import { OFFLINE_HABIT_DAYS, OFFLINE_QUIET_DAYS } from '../notice-queries.js';
import { noticeProps, OPEN_DASHBOARD } from './notice-parts.js';

const props = z.object({
  ...noticeProps,
  machineName: z.string(),
  location: z.string(),
  spell: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('quiet'), lastVoteAt: z.string() }),
    z.object({ kind: z.literal('status'), status: z.enum(['maintenance', 'inactive']), since: z.string() }),
  ]),
});
type Props = z.output<typeof props>;
type Status = 'maintenance' | 'inactive';

interface Copy {
  quietSubject(machine: string): string;
  quiet(machine: string, location: string, when: string): string;
  quietRule: string;
  statusSubject(machine: string, status: string): string;
  status(machine: string, location: string, status: string, when: string): string;
  statusRule: string;
  statusName: Record<Status, string>;
}

const COPY: Translated<Copy> = {
  en: {
    quietSubject: (m) => `${m} has had no votes for ${OFFLINE_QUIET_DAYS} days`,
    quiet: (m, l, when) => `${m} (${l}) usually gets votes every day, but its last vote came on ${when}. It may be switched off or out of order, or its QR code may be missing or covered.`,
    quietRule: `We tell you when a machine that had votes on at least ${OFFLINE_HABIT_DAYS} of 7 days has had none for ${OFFLINE_QUIET_DAYS} days; once for each quiet spell.`,
    statusSubject: (m, s) => `${m} is now set to ${s}`,
    status: (m, l, s, when) => `${m} (${l}) was set to ${s} on ${when}.`,
    statusRule: 'We tell you once each time a machine is set to maintenance or inactive.',
    statusName: { maintenance: 'maintenance', inactive: 'inactive' },
  },
  es: {
    quietSubject: (m) => `${m} lleva ${OFFLINE_QUIET_DAYS} días sin votos`,
    quiet: (m, l, when) => `${m} (${l}) suele recibir votos todos los días, pero el último llegó el ${when}. Puede que esté apagada o averiada, o que falte o esté tapado su código QR.`,
    quietRule: `Te avisamos cuando una máquina que tuvo votos al menos ${OFFLINE_HABIT_DAYS} de 7 días lleva ${OFFLINE_QUIET_DAYS} días sin ninguno; una vez por cada periodo sin votos.`,
    statusSubject: (m, s) => `${m} está ahora en estado: ${s}`,
    status: (m, l, s, when) => `${m} (${l}) pasó al estado «${s}» el ${when}.`,
    statusRule: 'Te avisamos una vez cada vez que una máquina pasa a mantenimiento o inactiva.',
    statusName: { maintenance: 'mantenimiento', inactive: 'inactiva' },
  },
  fr: {
    quietSubject: (m) => `${m} n’a reçu aucun vote depuis ${OFFLINE_QUIET_DAYS} jours`,
    quiet: (m, l, when) => `${m} (${l}) reçoit d’habitude des votes chaque jour, mais le dernier date du ${when}. Elle est peut-être éteinte ou en panne, ou son code QR manque ou est masqué.`,
    quietRule: `Nous vous prévenons lorsqu’une machine qui a reçu des votes au moins ${OFFLINE_HABIT_DAYS} jours sur 7 n’en a reçu aucun depuis ${OFFLINE_QUIET_DAYS} jours ; une fois par période de silence.`,
    statusSubject: (m, s) => `${m} est maintenant en statut : ${s}`,
    status: (m, l, s, when) => `${m} (${l}) est passée en statut « ${s} » le ${when}.`,
    statusRule: 'Nous vous prévenons une fois chaque fois qu’une machine passe en maintenance ou devient inactive.',
    statusName: { maintenance: 'maintenance', inactive: 'inactive' },
  },
  de: {
    quietSubject: (m) => `${m} hat seit ${OFFLINE_QUIET_DAYS} Tagen keine Stimmen erhalten`,
    quiet: (m, l, when) => `${m} (${l}) erhält sonst jeden Tag Stimmen, die letzte kam aber am ${when}. Vielleicht ist der Automat ausgeschaltet oder defekt, oder sein QR-Code fehlt oder ist verdeckt.`,
    quietRule: `Wir benachrichtigen Sie, wenn ein Automat, der an mindestens ${OFFLINE_HABIT_DAYS} von 7 Tagen Stimmen hatte, seit ${OFFLINE_QUIET_DAYS} Tagen keine erhalten hat; einmal je ruhiger Phase.`,
    statusSubject: (m, s) => `${m} hat jetzt den Status: ${s}`,
    status: (m, l, s, when) => `${m} (${l}) wurde am ${when} auf „${s}“ gesetzt.`,
    statusRule: 'Wir benachrichtigen Sie einmal, wenn ein Automat auf Wartung oder inaktiv gesetzt wird.',
    statusName: { maintenance: 'Wartung', inactive: 'inaktiv' },
  },
};

function subject(p: Props): string {
  const copy = COPY[p.locale];
  return p.spell.kind === 'quiet' ? copy.quietSubject(p.machineName) : copy.statusSubject(p.machineName, copy.statusName[p.spell.status]);
}

/** A machine went quiet after a habit of daily votes, or was set to maintenance or inactive. */
export const machineOfflineMail = defineMail({
  props,
  subject,
  unsubscribeUrl: (p) => p.oneClickUnsubscribe,
  body: (p) => {
    const copy = COPY[p.locale];
    const { spell } = p;
    return (
      <MailLayout locale={p.locale} unsubscribeUrl={p.unsubscribePage}>
        <Greeting firstName={p.firstName} />
        {spell.kind === 'quiet' ? (
          <Paragraph>{copy.quiet(p.machineName, p.location, formatInstant(p.locale, p.timeZone, new Date(spell.lastVoteAt)))}</Paragraph>
        ) : (
          <Paragraph>{copy.status(p.machineName, p.location, copy.statusName[spell.status], formatInstant(p.locale, p.timeZone, new Date(spell.since)))}</Paragraph>
        )}
        <ActionLink href={p.dashboardLink}>{OPEN_DASHBOARD[p.locale]}</ActionLink>
        <Paragraph muted>{spell.kind === 'quiet' ? copy.quietRule : copy.statusRule}</Paragraph>
      </MailLayout>
    );
  },
});
