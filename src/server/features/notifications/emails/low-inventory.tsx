import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { formatNumber, type MailLocale, type Translated } from '../../../integrations/mail/mail-locale.js';
import { noticeProps, Section } from './notice-parts.js';

const props = z.object({
  ...noticeProps,
  analyticsLink: z.string().url(),
  /** Mails queued before the rule followed days of cover carry the threshold and days until it; both still render. */
  threshold: z.number().int().optional(),
  items: z
    .array(
      z.object({
        machineName: z.string(),
        productName: z.string(),
        estimatedStock: z.number(),
        daysOfCover: z.number().int().optional(),
        daysUntilRestock: z.number().int().optional(),
      }),
    )
    .min(1),
});
type Props = z.output<typeof props>;
type Item = Props['items'][number];

interface Copy {
  subject(p: Props): string;
  intro: string;
  heading: string;
  line(item: Item, stock: string): string;
  rule: string;
  open: string;
}

const when = {
  en: (days: number) => (days <= 0 ? 'today' : days === 1 ? 'within a day' : `within ${days} days`),
  es: (days: number) => (days <= 0 ? 'hoy' : days === 1 ? 'en un día' : `en ${days} días`),
  fr: (days: number) => (days <= 0 ? 'aujourd’hui' : days === 1 ? 'd’ici un jour' : `d’ici ${days} jours`),
  de: (days: number) => (days <= 0 ? 'heute' : days === 1 ? 'innerhalb eines Tages' : `innerhalb von ${days} Tagen`),
} satisfies Translated<(days: number) => string>;

const daysOf = (item: Item) => item.daysOfCover ?? item.daysUntilRestock ?? 0;

const COPY: Translated<Copy> = {
  en: {
    subject: (p) => (p.items.length === 1 ? `Restock ${p.items[0]!.productName} at ${p.items[0]!.machineName} soon` : `${p.items.length} products need restocking soon`),
    intro: 'These products are predicted to run out before your next visit:',
    heading: 'To restock',
    line: (item, stock) => `${item.productName} at ${item.machineName}: about ${stock} units left, running out ${when.en(daysOf(item))}`,
    rule: 'We tell you when the stock you recorded for a product is predicted, from its votes, to run out before your next visit (your fill day in Settings); once for each product and machine per restock.',
    open: 'Open inventory analytics',
  },
  es: {
    subject: (p) => (p.items.length === 1 ? `Repón pronto ${p.items[0]!.productName} en ${p.items[0]!.machineName}` : `${p.items.length} productos necesitan reposición pronto`),
    intro: 'Según la previsión, estos productos se agotarán antes de tu próxima visita:',
    heading: 'Por reponer',
    line: (item, stock) => `${item.productName} en ${item.machineName}: quedan unas ${stock} unidades, se agota ${when.es(daysOf(item))}`,
    rule: 'Te avisamos cuando, según sus votos, el stock que registraste de un producto se agotará antes de tu próxima visita (tu día de reposición en Ajustes); una vez por producto y máquina en cada reposición.',
    open: 'Abrir el análisis de inventario',
  },
  fr: {
    subject: (p) => (p.items.length === 1 ? `Réapprovisionnez bientôt ${p.items[0]!.productName} à ${p.items[0]!.machineName}` : `${p.items.length} produits sont à réapprovisionner bientôt`),
    intro: 'D’après les prévisions, ces produits seront épuisés avant votre prochaine visite :',
    heading: 'À réapprovisionner',
    line: (item, stock) => `${item.productName} à ${item.machineName} : environ ${stock} unités restantes, épuisé ${when.fr(daysOf(item))}`,
    rule: 'Nous vous prévenons lorsque le stock que vous avez enregistré pour un produit devrait, d’après ses votes, être épuisé avant votre prochaine visite (votre jour de réapprovisionnement dans les Paramètres) ; une fois par produit et machine à chaque réapprovisionnement.',
    open: 'Ouvrir l’analyse des stocks',
  },
  de: {
    subject: (p) => (p.items.length === 1 ? `${p.items[0]!.productName} an ${p.items[0]!.machineName} bald auffüllen` : `${p.items.length} Produkte müssen bald aufgefüllt werden`),
    intro: 'Diese Produkte sind laut Prognose vor Ihrem nächsten Besuch ausverkauft:',
    heading: 'Aufzufüllen',
    line: (item, stock) => `${item.productName} an ${item.machineName}: etwa ${stock} Stück übrig, ausverkauft ${when.de(daysOf(item))}`,
    rule: 'Wir benachrichtigen Sie, wenn der Bestand, den Sie für ein Produkt erfasst haben, laut seinen Stimmen vor Ihrem nächsten Besuch (Ihr Auffülltag in den Einstellungen) ausverkauft sein wird; einmal je Produkt und Automat pro Auffüllung.',
    open: 'Bestandsanalyse öffnen',
  },
};

const stockOf = (locale: MailLocale, item: Item) => formatNumber(locale, item.estimatedStock, 0);

/** Products at machines whose recorded stock runs out before the next visit (the rule is in the mail). */
export const lowInventoryMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(p),
  unsubscribeUrl: (p) => p.oneClickUnsubscribe,
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale} unsubscribeUrl={p.unsubscribePage}>
        <Greeting firstName={p.firstName} />
        <Paragraph>{copy.intro}</Paragraph>
        <Section title={copy.heading}>
          {p.items.map((item) => (
            <li key={`${item.machineName}:${item.productName}`}>{copy.line(item, stockOf(p.locale, item))}</li>
          ))}
        </Section>
        <ActionLink href={p.analyticsLink}>{copy.open}</ActionLink>
        <Paragraph muted>{copy.rule}</Paragraph>
      </MailLayout>
    );
  },
});
