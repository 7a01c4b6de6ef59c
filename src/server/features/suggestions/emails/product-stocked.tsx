import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';
import { oneLine } from '../../../integrations/mail/mail-text.js';

const props = z.object({
  locale: MailLocaleSchema,
  productName: z.string(),
  machineName: z.string(),
  location: z.string(),
  votePageLink: z.string().url(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject(productName: string, machineName: string): string;
  stocked(p: Props): string;
  thanks: string;
  action: string;
  why: string;
}

// Customers are addressed as the vote page addresses them (German and Spanish informally).
const COPY: Translated<Copy> = {
  en: {
    subject: (product, machine) => `Now stocked at ${machine}: ${product}`,
    stocked: (p) => `Good news: ${p.productName}, which you suggested, is now stocked at ${p.machineName} (${p.location}).`,
    thanks: 'Thank you for telling the operator what you would like to see there.',
    action: 'Open the machine’s page',
    why: 'You get this one mail because you left this address with your suggestion. It has now been deleted; you will not hear from us again about it.',
  },
  es: {
    subject: (product, machine) => `Ya disponible en ${machine}: ${product}`,
    stocked: (p) => `¡Buenas noticias! ${p.productName}, que sugeriste, ya está disponible en ${p.machineName} (${p.location}).`,
    thanks: 'Gracias por decirle al operador qué te gustaría encontrar allí.',
    action: 'Abrir la página de la máquina',
    why: 'Recibes este único correo porque dejaste esta dirección con tu sugerencia. Ya la hemos borrado; no volverás a saber de nosotros por este motivo.',
  },
  fr: {
    subject: (product, machine) => `Désormais disponible à ${machine} : ${product}`,
    stocked: (p) => `Bonne nouvelle : ${p.productName}, que vous avez suggéré, est désormais disponible à ${p.machineName} (${p.location}).`,
    thanks: 'Merci d’avoir indiqué à l’exploitant ce que vous aimeriez y trouver.',
    action: 'Ouvrir la page du distributeur',
    why: 'Vous recevez cet unique e-mail car vous avez laissé cette adresse avec votre suggestion. Elle vient d’être supprimée ; nous ne vous écrirons plus à ce sujet.',
  },
  de: {
    subject: (product, machine) => `Jetzt an ${machine} erhältlich: ${product}`,
    stocked: (p) => `Gute Nachricht: ${p.productName}, dein Vorschlag, gibt es jetzt an ${p.machineName} (${p.location}).`,
    thanks: 'Danke, dass du dem Betreiber gesagt hast, was du dir dort wünschst.',
    action: 'Seite des Automaten öffnen',
    why: 'Du erhältst diese eine E-Mail, weil du diese Adresse bei deinem Vorschlag angegeben hast. Sie ist jetzt gelöscht; wir schreiben dir dazu nicht noch einmal.',
  },
};

/**
 * The customer who suggested a product at a machine, and left an address, hears once that it is
 * stocked there. Sent by VendVote: nothing in it names or reveals the operator's own address.
 */
export const productStockedMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(oneLine(p.productName), oneLine(p.machineName)),
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale}>
        <Paragraph>{copy.stocked(p)}</Paragraph>
        <Paragraph>{copy.thanks}</Paragraph>
        <ActionLink href={p.votePageLink}>{copy.action}</ActionLink>
        <Paragraph muted>{copy.why}</Paragraph>
      </MailLayout>
    );
  },
});
