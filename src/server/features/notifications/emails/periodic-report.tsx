import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { formatLocalDate, formatNumber, intlLocale, type MailLocale, type Translated } from '../../../integrations/mail/mail-locale.js';
import { addDays } from '../local-time.js';
import { Movers, MOVERS, productChangeSchema, titledSchema } from './movers.js';
import { noticeProps, OPEN_DASHBOARD, Section } from './notice-parts.js';

const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
type Frequency = (typeof FREQUENCIES)[number];

const props = z.object({
  ...noticeProps,
  frequency: z.enum(FREQUENCIES),
  /** The local days covered: from start up to, not including, end. */
  start: z.string(),
  end: z.string(),
  topProducts: z.array(z.object({ machineName: z.string(), products: z.array(z.object({ productName: z.string(), upVotes: z.number().int() })) })),
  risers: z.array(productChangeSchema),
  fallers: z.array(productChangeSchema),
  approvedSuggestions: z.object({ count: z.number().int(), listed: z.array(titledSchema) }),
  resolvedIssues: z.object({ count: z.number().int(), medianHours: z.number().nullable() }),
  /** What customers want that the machines lack, as of sending; null (or absent, in mails queued before) without a planogram. */
  unmetDemand: z
    .object({
      missingCount: z.number().int(),
      missing: z.array(z.object({ productName: z.string(), machineName: z.string(), upVotes: z.number().int(), expectedWeeklyUnits: z.number().nullable() })),
      stockOuts: z.number().int(),
      lostValue: z.string(),
      currency: z.string(),
    })
    .nullable()
    .default(null),
});

interface Copy {
  subject(frequency: string, span: string): string;
  frequency: Record<Frequency, string>;
  intro(span: string): string;
  top: string;
  upVotes(n: number): string;
  noVotes: string;
  risers: string;
  fallers: string;
  approved(n: number): string;
  resolved(n: number): string;
  median(duration: string): string;
  hours(n: string): string;
  days(n: string): string;
  rule: string;
  unmet: string;
  missing(n: number): string;
  wanted(product: string, machine: string, upVotes: string, weekly: string | null): string;
  perWeek(units: string): string;
  soldOut(n: number, lost: string): string;
  nothingUnmet: string;
}

const COPY: Translated<Copy> = {
  en: {
    subject: (f, s) => `Your ${f} VendVote report: ${s}`,
    frequency: { daily: 'daily', weekly: 'weekly', monthly: 'monthly', quarterly: 'quarterly' },
    intro: (s) => `Your machines from ${s}.`,
    top: 'Top products per machine',
    upVotes: (n) => (n === 1 ? '1 up-vote' : `${n} up-votes`),
    noVotes: 'No up-votes were cast at your machines in this period.',
    risers: 'Risers (against the period before)',
    fallers: 'Fallers',
    approved: (n) => (n === 1 ? '1 suggestion approved' : `${n} suggestions approved`),
    resolved: (n) => (n === 1 ? '1 issue resolved' : `${n} issues resolved`),
    median: (d) => `Half of them were resolved within ${d} of being reported (the median).`,
    hours: (n) => `${n} hours`,
    days: (n) => `${n} days`,
    rule: 'Sent at 8:00 in your time zone after each period, at the report frequency chosen in Settings, under Preferences.',
    unmet: 'Unmet demand (the last 28 days)',
    missing: (n) => (n === 1 ? '1 product customers asked for is not in the planogram of the machine they asked at.' : `${n} products customers asked for are not in the planogram of the machine they asked at.`),
    wanted: (p, m, u, w) => `${p} at ${m}: ${u}${w ? `, would sell about ${w}` : ''}`,
    perWeek: (u) => `${u} a week`,
    soldOut: (n, lost) => (n === 1 ? `1 slot is estimated sold out; sales lost: ${lost}.` : `${n} slots are estimated sold out; sales lost: ${lost}.`),
    nothingUnmet: 'Every product customers asked for is in the planogram, and no slot is estimated sold out.',
  },
  es: {
    subject: (f, s) => `Tu informe ${f} de VendVote: ${s}`,
    frequency: { daily: 'diario', weekly: 'semanal', monthly: 'mensual', quarterly: 'trimestral' },
    intro: (s) => `Tus máquinas del ${s}.`,
    top: 'Productos más votados por máquina',
    upVotes: (n) => (n === 1 ? '1 voto positivo' : `${n} votos positivos`),
    noVotes: 'En este periodo no hubo votos positivos en tus máquinas.',
    risers: 'Suben (frente al periodo anterior)',
    fallers: 'Bajan',
    approved: (n) => (n === 1 ? '1 sugerencia aprobada' : `${n} sugerencias aprobadas`),
    resolved: (n) => (n === 1 ? '1 incidencia resuelta' : `${n} incidencias resueltas`),
    median: (d) => `La mitad se resolvió en menos de ${d} desde el aviso (la mediana).`,
    hours: (n) => `${n} horas`,
    days: (n) => `${n} días`,
    rule: 'Se envía a las 8:00 de tu zona horaria al terminar cada periodo, con la frecuencia elegida en Ajustes, en Preferencias.',
    unmet: 'Demanda sin atender (últimos 28 días)',
    missing: (n) => (n === 1 ? '1 producto que pidieron los clientes no está en el planograma de la máquina donde lo pidieron.' : `${n} productos que pidieron los clientes no están en el planograma de la máquina donde los pidieron.`),
    wanted: (p, m, u, w) => `${p} en ${m}: ${u}${w ? `, vendería unas ${w}` : ''}`,
    perWeek: (u) => `${u} unidades por semana`,
    soldOut: (n, lost) => (n === 1 ? `Se estima que 1 espiral está agotada; ventas perdidas: ${lost}.` : `Se estima que ${n} espirales están agotadas; ventas perdidas: ${lost}.`),
    nothingUnmet: 'Todos los productos que pidieron los clientes están en el planograma y no se estima ninguna espiral agotada.',
  },
  fr: {
    subject: (f, s) => `Votre rapport VendVote ${f} : ${s}`,
    frequency: { daily: 'quotidien', weekly: 'hebdomadaire', monthly: 'mensuel', quarterly: 'trimestriel' },
    intro: (s) => `Vos machines du ${s}.`,
    top: 'Produits les plus votés par machine',
    upVotes: (n) => (n === 1 ? '1 vote positif' : `${n} votes positifs`),
    noVotes: 'Aucun vote positif n’a été émis sur vos machines pendant cette période.',
    risers: 'En hausse (par rapport à la période précédente)',
    fallers: 'En baisse',
    approved: (n) => (n === 1 ? '1 suggestion approuvée' : `${n} suggestions approuvées`),
    resolved: (n) => (n === 1 ? '1 problème résolu' : `${n} problèmes résolus`),
    median: (d) => `La moitié a été résolue en moins de ${d} après le signalement (la médiane).`,
    hours: (n) => `${n} heures`,
    days: (n) => `${n} jours`,
    rule: 'Envoyé à 8 h dans votre fuseau horaire après chaque période, à la fréquence choisie dans Paramètres, sous Préférences.',
    unmet: 'Demande non satisfaite (28 derniers jours)',
    missing: (n) => (n === 1 ? '1 produit demandé par les clients n’est pas dans le planogramme de la machine où ils l’ont demandé.' : `${n} produits demandés par les clients ne sont pas dans le planogramme de la machine où ils les ont demandés.`),
    wanted: (p, m, u, w) => `${p} à ${m} : ${u}${w ? `, se vendrait à environ ${w}` : ''}`,
    perWeek: (u) => `${u} unités par semaine`,
    soldOut: (n, lost) => (n === 1 ? `1 emplacement est estimé vide ; ventes perdues : ${lost}.` : `${n} emplacements sont estimés vides ; ventes perdues : ${lost}.`),
    nothingUnmet: 'Tous les produits demandés par les clients sont dans le planogramme, et aucun emplacement n’est estimé vide.',
  },
  de: {
    subject: (f, s) => `Ihr ${f} VendVote-Bericht: ${s}`,
    frequency: { daily: 'täglicher', weekly: 'wöchentlicher', monthly: 'monatlicher', quarterly: 'vierteljährlicher' },
    intro: (s) => `Ihre Automaten vom ${s}.`,
    top: 'Beliebteste Produkte je Automat',
    upVotes: (n) => (n === 1 ? '1 positive Stimme' : `${n} positive Stimmen`),
    noVotes: 'In diesem Zeitraum wurden an Ihren Automaten keine positiven Stimmen abgegeben.',
    risers: 'Aufsteiger (gegenüber dem Zeitraum davor)',
    fallers: 'Absteiger',
    approved: (n) => (n === 1 ? '1 Vorschlag angenommen' : `${n} Vorschläge angenommen`),
    resolved: (n) => (n === 1 ? '1 Problem gelöst' : `${n} Probleme gelöst`),
    median: (d) => `Die Hälfte wurde innerhalb von ${d} nach der Meldung gelöst (der Median).`,
    hours: (n) => `${n} Stunden`,
    days: (n) => `${n} Tagen`,
    rule: 'Wird nach jedem Zeitraum um 8:00 Uhr in Ihrer Zeitzone gesendet, in der Häufigkeit, die Sie unter Einstellungen, Präferenzen gewählt haben.',
    unmet: 'Ungedeckte Nachfrage (letzte 28 Tage)',
    missing: (n) => (n === 1 ? '1 von Kunden gewünschtes Produkt fehlt im Planogramm des Automaten, an dem es gewünscht wurde.' : `${n} von Kunden gewünschte Produkte fehlen im Planogramm des Automaten, an dem sie gewünscht wurden.`),
    wanted: (p, m, u, w) => `${p} an ${m}: ${u}${w ? `, würde etwa ${w} verkaufen` : ''}`,
    perWeek: (u) => `${u} Stück pro Woche`,
    soldOut: (n, lost) => (n === 1 ? `1 Schacht ist schätzungsweise leer; entgangener Umsatz: ${lost}.` : `${n} Schächte sind schätzungsweise leer; entgangener Umsatz: ${lost}.`),
    nothingUnmet: 'Alle von Kunden gewünschten Produkte sind im Planogramm, und kein Schacht ist schätzungsweise leer.',
  },
};

/** "1 Nov – 30 Nov": the span's first and last day (end is exclusive). */
const span = (locale: MailLocale, start: string, end: string) => {
  const last = addDays(end, -1);
  return last === start ? formatLocalDate(locale, start, 'short') : `${formatLocalDate(locale, start, 'short')} – ${formatLocalDate(locale, last, 'short')}`;
};

const duration = (locale: MailLocale, copy: Copy, hours: number) =>
  hours < 48 ? copy.hours(formatNumber(locale, hours, 1)) : copy.days(formatNumber(locale, hours / 24, 1));

function UnmetDemand({ locale, copy, unmet }: { locale: MailLocale; copy: Copy; unmet: NonNullable<z.infer<typeof props>['unmetDemand']> }) {
  const lost = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: unmet.currency }).format(Number(unmet.lostValue));
  if (unmet.missingCount === 0 && unmet.stockOuts === 0) return <Paragraph>{copy.nothingUnmet}</Paragraph>;
  return (
    <>
      {unmet.missing.length > 0 ? (
        <Section title={copy.unmet}>
          {unmet.missing.map((wanted, index) => (
            <li key={index}>
              {copy.wanted(
                wanted.productName,
                wanted.machineName,
                copy.upVotes(wanted.upVotes),
                wanted.expectedWeeklyUnits === null ? null : copy.perWeek(formatNumber(locale, wanted.expectedWeeklyUnits, 1)),
              )}
            </li>
          ))}
        </Section>
      ) : (
        <Paragraph>
          <strong>{copy.unmet}</strong>
        </Paragraph>
      )}
      <Paragraph>
        {unmet.missingCount > 0 ? `${copy.missing(unmet.missingCount)} ` : ''}
        {unmet.stockOuts > 0 ? copy.soldOut(unmet.stockOuts, lost) : ''}
      </Paragraph>
    </>
  );
}

/** The report at the operator's report frequency: what was liked, what moved, what was done. */
export const periodicReportMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(COPY[p.locale].frequency[p.frequency], span(p.locale, p.start, p.end)),
  unsubscribeUrl: (p) => p.oneClickUnsubscribe,
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale} unsubscribeUrl={p.unsubscribePage}>
        <Greeting firstName={p.firstName} />
        <Paragraph>{copy.intro(span(p.locale, p.start, p.end))}</Paragraph>
        {p.topProducts.length > 0 ? (
          <Section title={copy.top}>
            {p.topProducts.map((machine, index) => (
              <li key={index}>
                {machine.machineName}: {machine.products.map((product) => `${product.productName} (${copy.upVotes(product.upVotes)})`).join(', ')}
              </li>
            ))}
          </Section>
        ) : (
          <Paragraph>{copy.noVotes}</Paragraph>
        )}
        <Movers risers={p.risers} fallers={p.fallers} copy={{ ...MOVERS[p.locale], risers: copy.risers, fallers: copy.fallers }} />
        {p.approvedSuggestions.count > 0 ? (
          <Section title={copy.approved(p.approvedSuggestions.count)}>
            {p.approvedSuggestions.listed.map((s, index) => (
              <li key={index}>{s.detail ? `${s.title} (${s.detail})` : s.title}</li>
            ))}
          </Section>
        ) : (
          <Paragraph>{copy.approved(0)}</Paragraph>
        )}
        <Paragraph>
          {copy.resolved(p.resolvedIssues.count)}
          {p.resolvedIssues.medianHours !== null ? `. ${copy.median(duration(p.locale, copy, p.resolvedIssues.medianHours))}` : ''}
        </Paragraph>
        {p.unmetDemand ? <UnmetDemand locale={p.locale} copy={copy} unmet={p.unmetDemand} /> : null}
        <ActionLink href={p.dashboardLink}>{OPEN_DASHBOARD[p.locale]}</ActionLink>
        <Paragraph muted>{copy.rule}</Paragraph>
      </MailLayout>
    );
  },
});
