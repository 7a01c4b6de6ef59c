import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, Greeting, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';
import { oneLine, withLineBreaks } from '../../../integrations/mail/mail-text.js';

const props = z.object({
  locale: MailLocaleSchema,
  customerName: z.string(),
  productName: z.string(),
  /** Null when the report came from the demo page or its machine was deleted since. */
  machine: z.object({ name: z.string(), location: z.string(), votePageLink: z.string().url() }).nullable(),
  reply: z.string(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject(productName: string): string;
  resolved(productName: string, machine: Props['machine']): string;
  replyLead: string;
  action: string;
  why: string;
}

const at = (machine: Props['machine'], word: string) => (machine ? ` ${word} ${machine.name} (${machine.location})` : '');

// Customers are addressed as the vote page addresses them (German and Spanish informally).
const COPY: Translated<Copy> = {
  en: {
    subject: (product) => `Your report about ${product} is resolved`,
    resolved: (product, machine) => `The problem you reported with ${product}${at(machine, 'at')} is resolved.`,
    replyLead: 'The operator’s reply:',
    action: 'Open the machine’s page',
    why: 'You get this mail because you reported a problem with this address. To tell the operator something else, use Report Vending Issue on the machine’s page.',
  },
  es: {
    subject: (product) => `Tu aviso sobre ${product} está resuelto`,
    resolved: (product, machine) => `El problema que nos comunicaste con ${product}${at(machine, 'en')} está resuelto.`,
    replyLead: 'Respuesta del operador:',
    action: 'Abrir la página de la máquina',
    why: 'Recibes este correo porque informaste de un problema con esta dirección. Para decirle otra cosa al operador, usa «Informar de un problema» en la página de la máquina.',
  },
  fr: {
    subject: (product) => `Votre signalement concernant ${product} est résolu`,
    resolved: (product, machine) => `Le problème que vous avez signalé avec ${product}${at(machine, 'à')} est résolu.`,
    replyLead: 'Réponse de l’exploitant :',
    action: 'Ouvrir la page du distributeur',
    why: 'Vous recevez cet e-mail car vous avez signalé un problème avec cette adresse. Pour dire autre chose à l’exploitant, utilisez « Signaler un problème » sur la page du distributeur.',
  },
  de: {
    subject: (product) => `Deine Meldung zu ${product} ist erledigt`,
    resolved: (product, machine) => `Das von dir gemeldete Problem mit ${product}${at(machine, 'an')} ist behoben.`,
    replyLead: 'Die Antwort des Betreibers:',
    action: 'Seite des Automaten öffnen',
    why: 'Du erhältst diese E-Mail, weil du mit dieser Adresse ein Problem gemeldet hast. Wenn du dem Betreiber noch etwas mitteilen möchtest, nutze „Problem melden“ auf der Seite des Automaten.',
  },
};

/**
 * The customer who reported a problem hears that it is resolved, with the operator's short reply.
 * Sent by VendVote with no Reply-To: the operator's own address stays private.
 */
export const issueReplyMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(oneLine(p.productName)),
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale}>
        <Greeting firstName={p.customerName} />
        <Paragraph>{copy.resolved(p.productName, p.machine)}</Paragraph>
        <Paragraph>
          <strong>{copy.replyLead}</strong>
          <br />
          {withLineBreaks(p.reply)}
        </Paragraph>
        {p.machine ? <ActionLink href={p.machine.votePageLink}>{copy.action}</ActionLink> : null}
        <Paragraph muted>{copy.why}</Paragraph>
      </MailLayout>
    );
  },
});
