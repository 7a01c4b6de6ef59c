import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { formatLocalDate, formatNumber, type MailLocale, type Translated } from '../../../integrations/mail/mail-locale.js';
import { HIGH_VOTES_FACTOR, HIGH_VOTES_MINIMUM } from '../notice-queries.js';
import { noticeProps, OPEN_DASHBOARD } from './notice-parts.js';

const props = z.object({
  ...noticeProps,
  machineName: z.string(),
  productName: z.string(),
  /** The operator's local date the votes were counted on. */
  date: z.string(),
  today: z.number().int(),
  before: z.number().int(),
  days: z.number().int(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject(p: Props): string;
  what(p: Props, date: string, average: string): string;
  rule: string;
  hint: string;
}

const COPY: Translated<Copy> = {
  en: {
    subject: (p) => `${p.productName} is getting far more votes than usual at ${p.machineName}`,
    what: (p, date, average) =>
      `${p.productName} has ${p.today} up-votes at ${p.machineName} today (${date}). Over the previous ${p.days} days it averaged ${average} a day.`,
    rule: `We tell you when a product gets at least ${HIGH_VOTES_FACTOR} times its average daily up-votes at a machine, and at least ${HIGH_VOTES_MINIMUM}; at most once a day for each product and machine.`,
    hint: 'It may be worth stocking more of it, or giving it a better slot.',
  },
  es: {
    subject: (p) => `${p.productName} está recibiendo muchos más votos de lo habitual en ${p.machineName}`,
    what: (p, date, average) =>
      `${p.productName} tiene hoy (${date}) ${p.today} votos positivos en ${p.machineName}. En los ${p.days} días anteriores tuvo una media de ${average} al día.`,
    rule: `Te avisamos cuando un producto recibe al menos ${HIGH_VOTES_FACTOR} veces su media diaria de votos positivos en una máquina, y al menos ${HIGH_VOTES_MINIMUM}; como mucho una vez al día por producto y máquina.`,
    hint: 'Puede que convenga tener más existencias o darle un mejor lugar.',
  },
  fr: {
    subject: (p) => `${p.productName} reçoit bien plus de votes que d’habitude à ${p.machineName}`,
    what: (p, date, average) =>
      `${p.productName} a reçu ${p.today} votes positifs à ${p.machineName} aujourd’hui (${date}). Sur les ${p.days} jours précédents, la moyenne était de ${average} par jour.`,
    rule: `Nous vous prévenons lorsqu’un produit reçoit au moins ${HIGH_VOTES_FACTOR} fois sa moyenne quotidienne de votes positifs sur une machine, et au moins ${HIGH_VOTES_MINIMUM} ; au plus une fois par jour pour chaque produit et machine.`,
    hint: 'Il peut être utile d’en stocker davantage ou de lui donner un meilleur emplacement.',
  },
  de: {
    subject: (p) => `${p.productName} erhält an ${p.machineName} deutlich mehr Stimmen als üblich`,
    what: (p, date, average) =>
      `${p.productName} hat heute (${date}) ${p.today} positive Stimmen an ${p.machineName}. In den ${p.days} Tagen davor waren es im Schnitt ${average} pro Tag.`,
    rule: `Wir benachrichtigen Sie, wenn ein Produkt an einem Automaten mindestens das ${HIGH_VOTES_FACTOR}-Fache seiner durchschnittlichen täglichen positiven Stimmen erhält, und mindestens ${HIGH_VOTES_MINIMUM}; höchstens einmal am Tag je Produkt und Automat.`,
    hint: 'Es kann sich lohnen, mehr davon vorrätig zu haben oder ihm einen besseren Platz zu geben.',
  },
};

const average = (locale: MailLocale, p: Props) => formatNumber(locale, p.days > 0 ? p.before / p.days : 0, 1);

/** A product passes its usual daily votes at a machine by a clear margin (the rule is in the mail). */
export const highVotesMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(p),
  unsubscribeUrl: (p) => p.oneClickUnsubscribe,
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale} unsubscribeUrl={p.unsubscribePage}>
        <Greeting firstName={p.firstName} />
        <Paragraph>{copy.what(p, formatLocalDate(p.locale, p.date), average(p.locale, p))}</Paragraph>
        <Paragraph>{copy.hint}</Paragraph>
        <ActionLink href={p.dashboardLink}>{OPEN_DASHBOARD[p.locale]}</ActionLink>
        <Paragraph muted>{copy.rule}</Paragraph>
      </MailLayout>
    );
  },
});
