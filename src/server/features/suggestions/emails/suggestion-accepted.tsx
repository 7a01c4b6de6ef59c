import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';
import { oneLine } from '../../../integrations/mail/mail-text.js';

const props = z.object({
  locale: MailLocaleSchema,
  productName: z.string(),
  machineName: z.string(),
  votePageLink: z.string().url(),
  /** How long the address is kept for the 'now stocked' mail if the product never arrives. */
  keptDays: z.number().int().positive(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject(productName: string): string;
  accepted(p: Props): string;
  next: string;
  action: string;
  why(p: Props): string;
}

// Customers are addressed as the vote page addresses them (German and Spanish informally).
const COPY: Translated<Copy> = {
  en: {
    subject: (product) => `Your suggestion was accepted: ${product}`,
    accepted: (p) => `The operator of ${p.machineName} accepted your suggestion, ${p.productName}, and added it to their product list.`,
    next: 'It is not in the machine yet. We will write once more when it is stocked there.',
    action: 'Open the machine’s page',
    why: (p) =>
      `You get this mail because you left this address with your suggestion. We keep it only for that one more mail, and delete it then, or after ${p.keptDays} days if the product is not stocked by then.`,
  },
  es: {
    subject: (product) => `Tu sugerencia fue aceptada: ${product}`,
    accepted: (p) => `El operador de ${p.machineName} aceptó tu sugerencia, ${p.productName}, y la añadió a su lista de productos.`,
    next: 'Todavía no está en la máquina. Te escribiremos una vez más cuando esté disponible allí.',
    action: 'Abrir la página de la máquina',
    why: (p) =>
      `Recibes este correo porque dejaste esta dirección con tu sugerencia. Solo la guardamos para ese otro correo y luego la borramos, o a los ${p.keptDays} días si el producto no llega antes.`,
  },
  fr: {
    subject: (product) => `Votre suggestion a été acceptée : ${product}`,
    accepted: (p) => `L’exploitant de ${p.machineName} a accepté votre suggestion, ${p.productName}, et l’a ajoutée à sa liste de produits.`,
    next: 'Il n’est pas encore dans le distributeur. Nous vous écrirons une dernière fois quand il y sera disponible.',
    action: 'Ouvrir la page du distributeur',
    why: (p) =>
      `Vous recevez cet e-mail car vous avez laissé cette adresse avec votre suggestion. Nous la gardons seulement pour ce dernier e-mail, puis la supprimons, ou après ${p.keptDays} jours si le produit n’est pas arrivé d’ici là.`,
  },
  de: {
    subject: (product) => `Dein Vorschlag wurde angenommen: ${product}`,
    accepted: (p) => `Der Betreiber von ${p.machineName} hat deinen Vorschlag, ${p.productName}, angenommen und in seine Produktliste aufgenommen.`,
    next: 'Im Automaten ist es noch nicht. Wir schreiben dir noch einmal, sobald es dort erhältlich ist.',
    action: 'Seite des Automaten öffnen',
    why: (p) =>
      `Du erhältst diese E-Mail, weil du diese Adresse bei deinem Vorschlag angegeben hast. Wir behalten sie nur für diese eine weitere E-Mail und löschen sie dann, spätestens nach ${p.keptDays} Tagen, falls das Produkt bis dahin nicht da ist.`,
  },
};

/**
 * Approval only puts the product on the operator's list: the customer hears that the suggestion was
 * accepted, and that the 'now stocked' mail follows when the product reaches the machine.
 */
export const suggestionAcceptedMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(oneLine(p.productName)),
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale}>
        <Paragraph>{copy.accepted(p)}</Paragraph>
        <Paragraph>{copy.next}</Paragraph>
        <ActionLink href={p.votePageLink}>{copy.action}</ActionLink>
        <Paragraph muted>{copy.why(p)}</Paragraph>
      </MailLayout>
    );
  },
});
