import { z } from 'zod';
import { RESTOCK_SOON_DAYS } from '../../../../shared/analytics.schemas.js';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { formatNumber, type MailLocale, type Translated } from '../../../integrations/mail/mail-locale.js';
import { noticeProps, Section } from './notice-parts.js';

const props = z.object({
  ...noticeProps,
  analyticsLink: z.string().url(),
  threshold: z.number().int(),
  items: z
    .array(
      z.object({
        machineName: z.string(),
        productName: z.string(),
        estimatedStock: z.number(),
        daysUntilRestock: z.number().int(),
      }),
    )
    .min(1),
});
type Props = z.output<typeof props>;
type Item = Props['items'][number];

interface Copy {
  subject(p: Props): string;
  intro(threshold: number): string;
  heading: string;
  line(item: Item, stock: string): string;
  rule: string;
  open: string;
}

const when = {
  en: (days: number) => (days <= 0 ? 'now' : days === 1 ? 'within a day' : `within ${days} days`),
  es: (days: number) => (days <= 0 ? 'ya' : days === 1 ? 'en un día' : `en ${days} días`),
  fr: (days: number) => (days <= 0 ? 'dès maintenant' : days === 1 ? 'd’ici un jour' : `d’ici ${days} jours`),
  de: (days: number) => (days <= 0 ? 'jetzt' : days === 1 ? 'innerhalb eines Tages' : `innerhalb von ${days} Tagen`),
} satisfies Translated<(days: number) => string>;

const COPY: Translated<Copy> = {
  en: {
    subject: (p) => (p.items.length === 1 ? `Restock ${p.items[0]!.productName} at ${p.items[0]!.machineName} soon` : `${p.items.length} products need restocking soon`),
    intro: (threshold) => `These products are predicted to reach your reorder threshold of ${threshold} units soon:`,
    heading: 'To restock',
    line: (item, stock) => `${item.productName} at ${item.machineName}: about ${stock} units left, restock ${when.en(item.daysUntilRestock)}`,
    rule: `We tell you when a product you recorded a restock for is predicted, from its votes, to reach your reorder threshold within ${RESTOCK_SOON_DAYS} days; once for each product and machine per restock.`,
    open: 'Open inventory analytics',
  },
  es: {
    subject: (p) => (p.items.length === 1 ? `Repón pronto ${p.items[0]!.productName} en ${p.items[0]!.machineName}` : `${p.items.length} productos necesitan reposición pronto`),
    intro: (threshold) => `Según la previsión, estos productos llegarán pronto a tu umbral de pedido de ${threshold} unidades:`,
    heading: 'Por reponer',
    line: (item, stock) => `${item.productName} en ${item.machineName}: quedan unas ${stock} unidades, reponer ${when.es(item.daysUntilRestock)}`,
    rule: `Te avisamos cuando, según sus votos, un producto del que registraste una reposición llegará a tu umbral de pedido en ${RESTOCK_SOON_DAYS} días o menos; una vez por producto y máquina en cada reposición.`,
    open: 'Abrir el análisis de inventario',
  },
  fr: {
    subject: (p) => (p.items.length === 1 ? `Réapprovisionnez bientôt ${p.items[0]!.productName} à ${p.items[0]!.machineName}` : `${p.items.length} produits sont à réapprovisionner bientôt`),
    intro: (threshold) => `D’après les prévisions, ces produits atteindront bientôt votre seuil de commande de ${threshold} unités :`,
    heading: 'À réapprovisionner',
    line: (item, stock) => `${item.productName} à ${item.machineName} : environ ${stock} unités restantes, à réapprovisionner ${when.fr(item.daysUntilRestock)}`,
    rule: `Nous vous prévenons lorsqu’un produit dont vous avez enregistré un réapprovisionnement devrait, d’après ses votes, atteindre votre seuil de commande d’ici ${RESTOCK_SOON_DAYS} jours ; une fois par produit et machine à chaque réapprovisionnement.`,
    open: 'Ouvrir l’analyse des stocks',
  },
  de: {
    subject: (p) => (p.items.length === 1 ? `${p.items[0]!.productName} an ${p.items[0]!.machineName} bald auffüllen` : `${p.items.length} Produkte müssen bald aufgefüllt werden`),
    intro: (threshold) => `Diese Produkte erreichen laut Prognose bald Ihre Nachbestellschwelle von ${threshold} Stück:`,
    heading: 'Aufzufüllen',
    line: (item, stock) => `${item.productName} an ${item.machineName}: etwa ${stock} Stück übrig, auffüllen ${when.de(item.daysUntilRestock)}`,
    rule: `Wir benachrichtigen Sie, wenn ein Produkt, für das Sie eine Auffüllung erfasst haben, laut seinen Stimmen innerhalb von ${RESTOCK_SOON_DAYS} Tagen Ihre Nachbestellschwelle erreicht; einmal je Produkt und Automat pro Auffüllung.`,
    open: 'Bestandsanalyse öffnen',
  },
};

const stockOf = (locale: MailLocale, item: Item) => formatNumber(locale, item.estimatedStock, 0);

/** Products at machines that will reach the reorder threshold within days (the rule is in the mail). */
export const lowInventoryMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(p),
  unsubscribeUrl: (p) => p.oneClickUnsubscribe,
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale} unsubscribeUrl={p.unsubscribePage}>
        <Greeting firstName={p.firstName} />
        <Paragraph>{copy.intro(p.threshold)}</Paragraph>
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
