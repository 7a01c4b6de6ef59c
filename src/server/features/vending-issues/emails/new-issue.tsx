import { Fragment } from 'react';
import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

/** Customer text goes into a header: no line breaks, and short enough for a mail client's list. */
const oneLine = (value: string, max = 80) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Line breaks the customer typed, kept in both parts. */
const withLineBreaks = (value: string) =>
  value.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));

interface Copy {
  /** The machine and product here are already on one line. */
  subject(machineName: string | null, productName: string): string;
  reported(machineName: string | null): string;
  /** The labels of the details, with their colon: French puts a space before it. */
  product: string;
  customer: string;
  description: string;
  noDescription: string;
  action: string;
  why: string;
}

const COPY: Translated<Copy> = {
  en: {
    subject: (machine, product) => `New vending issue${machine ? ` at ${machine}` : ''}: ${product}`,
    reported: (machine) => `A customer reported a problem${machine ? ` at ${machine}` : ''}.`,
    product: 'Product:',
    customer: 'Customer:',
    description: 'Description:',
    noDescription: '(none given)',
    action: 'Open Vending Issues',
    why: 'You get this message because email notifications are on in your settings.',
  },
  es: {
    subject: (machine, product) => `Nueva incidencia${machine ? ` en ${machine}` : ''}: ${product}`,
    reported: (machine) => `Un cliente ha informado de un problema${machine ? ` en ${machine}` : ''}.`,
    product: 'Producto:',
    customer: 'Cliente:',
    description: 'Descripción:',
    noDescription: '(sin descripción)',
    action: 'Abrir las incidencias',
    why: 'Recibes este mensaje porque las notificaciones por correo están activadas en tus ajustes.',
  },
  fr: {
    subject: (machine, product) => `Nouvel incident${machine ? ` à ${machine}` : ''} : ${product}`,
    reported: (machine) => `Un client a signalé un problème${machine ? ` à ${machine}` : ''}.`,
    product: 'Produit :',
    customer: 'Client :',
    description: 'Description :',
    noDescription: '(aucune)',
    action: 'Ouvrir les incidents',
    why: 'Vous recevez ce message car les notifications par e-mail sont activées dans vos paramètres.',
  },
  de: {
    subject: (machine, product) => `Neue Störungsmeldung${machine ? ` an ${machine}` : ''}: ${product}`,
    reported: (machine) => (machine ? `Ein Kunde hat ein Problem an ${machine} gemeldet.` : 'Ein Kunde hat ein Problem gemeldet.'),
    product: 'Produkt:',
    customer: 'Kunde:',
    description: 'Beschreibung:',
    noDescription: '(keine angegeben)',
    action: 'Störungsmeldungen öffnen',
    why: 'Sie erhalten diese Nachricht, weil E-Mail-Benachrichtigungen in Ihren Einstellungen aktiviert sind.',
  },
};

/** Tells a machine's owner that a customer reported a problem, with a link to the issues page. */
export const newIssueMail = defineMail({
  props: z.object({
    locale: MailLocaleSchema,
    machineName: z.string().nullable(),
    productName: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    issueDescription: z.string().nullable(),
    issuesLink: z.string().url(),
  }),
  subject: ({ locale, machineName, productName }) => COPY[locale].subject(machineName ? oneLine(machineName) : null, oneLine(productName)),
  body: (issue) => {
    const copy = COPY[issue.locale];
    const details: [string, string][] = [
      [copy.product, issue.productName],
      [copy.customer, `${issue.customerName} <${issue.customerEmail}>`],
      [copy.description, issue.issueDescription ?? copy.noDescription],
    ];
    return (
      <MailLayout locale={issue.locale}>
        <Paragraph>{copy.reported(issue.machineName)}</Paragraph>
        <Paragraph>
          {details.map(([label, value], index) => (
            <Fragment key={label}>
              {index > 0 && <br />}
              <strong>{label}</strong> {withLineBreaks(value)}
            </Fragment>
          ))}
        </Paragraph>
        <ActionLink href={issue.issuesLink}>{copy.action}</ActionLink>
        <Paragraph muted>{copy.why}</Paragraph>
      </MailLayout>
    );
  },
});
