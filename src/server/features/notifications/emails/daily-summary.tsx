import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { formatLocalDate, type Translated } from '../../../integrations/mail/mail-locale.js';
import { Movers, MOVERS, productChangeSchema, titledSchema } from './movers.js';
import { noticeProps, OPEN_DASHBOARD, Section } from './notice-parts.js';

const props = z.object({
  ...noticeProps,
  /** The local date summed up (yesterday, when it is sent). */
  date: z.string(),
  machines: z.array(z.object({ machineName: z.string(), up: z.number().int(), down: z.number().int() })),
  risers: z.array(productChangeSchema),
  fallers: z.array(productChangeSchema),
  suggestions: z.object({ count: z.number().int(), listed: z.array(titledSchema) }),
  issues: z.object({ count: z.number().int(), listed: z.array(titledSchema) }),
});

interface Copy {
  subject(date: string): string;
  intro(date: string): string;
  votesTitle: string;
  votes(up: number, down: number): string;
  noVotes: string;
  risers: string;
  fallers: string;
  suggestions(count: number): string;
  issues(count: number): string;
  more(count: number): string;
  rule: string;
}

const COPY: Translated<Copy> = {
  en: {
    subject: (d) => `Your VendVote summary for ${d}`,
    intro: (d) => `Here is what happened at your machines on ${d}.`,
    votesTitle: 'Votes per machine',
    votes: (u, d) => `${u} up, ${d} down`,
    noVotes: 'No votes were cast at your machines that day.',
    risers: 'Top movers up (against the day before)',
    fallers: 'Top movers down',
    suggestions: (n) => (n === 1 ? '1 new suggestion' : `${n} new suggestions`),
    issues: (n) => (n === 1 ? '1 new issue reported' : `${n} new issues reported`),
    more: (n) => `and ${n} more`,
    rule: 'Sent each morning at 8:00 in your time zone, when the daily summary is on.',
  },
  es: {
    subject: (d) => `Tu resumen de VendVote del ${d}`,
    intro: (d) => `Esto es lo que pasó en tus máquinas el ${d}.`,
    votesTitle: 'Votos por máquina',
    votes: (u, d) => `${u} a favor, ${d} en contra`,
    noVotes: 'Ese día no hubo votos en tus máquinas.',
    risers: 'Los que más suben (frente al día anterior)',
    fallers: 'Los que más bajan',
    suggestions: (n) => (n === 1 ? '1 sugerencia nueva' : `${n} sugerencias nuevas`),
    issues: (n) => (n === 1 ? '1 incidencia nueva' : `${n} incidencias nuevas`),
    more: (n) => `y ${n} más`,
    rule: 'Se envía cada mañana a las 8:00 de tu zona horaria, si el resumen diario está activado.',
  },
  fr: {
    subject: (d) => `Votre résumé VendVote du ${d}`,
    intro: (d) => `Voici ce qui s’est passé sur vos machines le ${d}.`,
    votesTitle: 'Votes par machine',
    votes: (u, d) => `${u} pour, ${d} contre`,
    noVotes: 'Aucun vote n’a été émis sur vos machines ce jour-là.',
    risers: 'Plus fortes hausses (par rapport à la veille)',
    fallers: 'Plus fortes baisses',
    suggestions: (n) => (n === 1 ? '1 nouvelle suggestion' : `${n} nouvelles suggestions`),
    issues: (n) => (n === 1 ? '1 nouveau problème signalé' : `${n} nouveaux problèmes signalés`),
    more: (n) => `et ${n} de plus`,
    rule: 'Envoyé chaque matin à 8 h dans votre fuseau horaire, lorsque le résumé quotidien est activé.',
  },
  de: {
    subject: (d) => `Ihre VendVote-Zusammenfassung für ${d}`,
    intro: (d) => `Das geschah am ${d} an Ihren Automaten.`,
    votesTitle: 'Stimmen je Automat',
    votes: (u, d) => `${u} dafür, ${d} dagegen`,
    noVotes: 'An diesem Tag wurden an Ihren Automaten keine Stimmen abgegeben.',
    risers: 'Größte Gewinner (gegenüber dem Vortag)',
    fallers: 'Größte Verlierer',
    suggestions: (n) => (n === 1 ? '1 neuer Vorschlag' : `${n} neue Vorschläge`),
    issues: (n) => (n === 1 ? '1 neues gemeldetes Problem' : `${n} neue gemeldete Probleme`),
    more: (n) => `und ${n} weitere`,
    rule: 'Wird jeden Morgen um 8:00 Uhr in Ihrer Zeitzone gesendet, wenn die tägliche Zusammenfassung aktiviert ist.',
  },
};

/** Yesterday at the operator's machines, sent at 8:00 their time. */
export const dailySummaryMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(formatLocalDate(p.locale, p.date, 'short')),
  unsubscribeUrl: (p) => p.oneClickUnsubscribe,
  body: (p) => {
    const copy = COPY[p.locale];
    const anyVotes = p.machines.some((m) => m.up + m.down > 0);
    const listed = (count: number, items: { title: string; detail: string }[]) => (
      <>
        {items.map((item, index) => (
          <li key={index}>{item.detail ? `${item.title} (${item.detail})` : item.title}</li>
        ))}
        {count > items.length ? <li>{copy.more(count - items.length)}</li> : null}
      </>
    );
    return (
      <MailLayout locale={p.locale} unsubscribeUrl={p.unsubscribePage}>
        <Greeting firstName={p.firstName} />
        <Paragraph>{copy.intro(formatLocalDate(p.locale, p.date))}</Paragraph>
        {anyVotes ? (
          <Section title={copy.votesTitle}>
            {p.machines.map((m, index) => (
              <li key={index}>
                {m.machineName}: {copy.votes(m.up, m.down)}
              </li>
            ))}
          </Section>
        ) : (
          <Paragraph>{copy.noVotes}</Paragraph>
        )}
        <Movers risers={p.risers} fallers={p.fallers} copy={{ ...MOVERS[p.locale], risers: copy.risers, fallers: copy.fallers }} />
        {p.suggestions.count > 0 ? <Section title={copy.suggestions(p.suggestions.count)}>{listed(p.suggestions.count, p.suggestions.listed)}</Section> : <Paragraph>{copy.suggestions(0)}</Paragraph>}
        {p.issues.count > 0 ? <Section title={copy.issues(p.issues.count)}>{listed(p.issues.count, p.issues.listed)}</Section> : <Paragraph>{copy.issues(0)}</Paragraph>}
        <ActionLink href={p.dashboardLink}>{OPEN_DASHBOARD[p.locale]}</ActionLink>
        <Paragraph muted>{copy.rule}</Paragraph>
      </MailLayout>
    );
  },
});
