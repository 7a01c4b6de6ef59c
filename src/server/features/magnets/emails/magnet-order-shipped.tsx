import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const props = z.object({
  locale: MailLocaleSchema,
  orderId: z.number().int(),
  machineName: z.string(),
  quantity: z.number().int(),
  magnetSize: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  ordersLink: z.string().url(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject(machineName: string): string;
  onItsWay(p: Props): string;
  carrier(carrier: string): string;
  /** Followed by the number itself. */
  trackingNumber: string;
  track: string;
  /** The sentence around the address of the orders page. */
  allOrders: [before: string, after: string];
}

const COPY: Translated<Copy> = {
  en: {
    subject: (machineName) => `Your QR magnets for ${machineName} have shipped`,
    onItsWay: (p) => `Your order #${p.orderId} of ${p.quantity} QR magnets (${p.magnetSize}) for ${p.machineName} is on its way.`,
    carrier: (carrier) => `Carrier: ${carrier}. `,
    trackingNumber: 'Tracking number:',
    track: 'Track your magnets',
    allOrders: ['All your magnet orders and their receipts are at ', '.'],
  },
  es: {
    subject: (machineName) => `Tus imanes QR para ${machineName} ya están en camino`,
    onItsWay: (p) => `Tu pedido n.º ${p.orderId} de ${p.quantity} imanes QR (${p.magnetSize}) para ${p.machineName} ya ha salido.`,
    carrier: (carrier) => `Transportista: ${carrier}. `,
    trackingNumber: 'Número de seguimiento:',
    track: 'Seguir tus imanes',
    allOrders: ['Todos tus pedidos de imanes y sus recibos están en ', '.'],
  },
  fr: {
    subject: (machineName) => `Vos aimants QR pour ${machineName} ont été expédiés`,
    onItsWay: (p) => `Votre commande n° ${p.orderId} de ${p.quantity} aimants QR (${p.magnetSize}) pour ${p.machineName} est en route.`,
    carrier: (carrier) => `Transporteur : ${carrier}. `,
    trackingNumber: 'Numéro de suivi :',
    track: 'Suivre vos aimants',
    allOrders: ['Toutes vos commandes d’aimants et leurs reçus se trouvent sur ', '.'],
  },
  de: {
    subject: (machineName) => `Ihre QR-Magnete für ${machineName} wurden versandt`,
    onItsWay: (p) => `Ihre Bestellung Nr. ${p.orderId} über ${p.quantity} QR-Magnete (${p.magnetSize}) für ${p.machineName} ist unterwegs.`,
    carrier: (carrier) => `Versanddienstleister: ${carrier}. `,
    trackingNumber: 'Sendungsnummer:',
    track: 'Sendung verfolgen',
    allOrders: ['Alle Ihre Magnetbestellungen und die Belege dazu finden Sie unter ', '.'],
  },
};

/** The operator's magnets are on their way: the carrier, the tracking number and its link. */
export const magnetOrderShippedMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(p.machineName),
  body: (p) => {
    const copy = COPY[p.locale];
    const [before, after] = copy.allOrders;
    return (
      <MailLayout locale={p.locale}>
        <Paragraph>{copy.onItsWay(p)}</Paragraph>
        <Paragraph>
          {p.carrier ? copy.carrier(p.carrier) : ''}
          {copy.trackingNumber} <strong>{p.trackingNumber}</strong>
        </Paragraph>
        {p.trackingUrl ? <ActionLink href={p.trackingUrl}>{copy.track}</ActionLink> : null}
        <Paragraph muted>
          {before}
          <a href={p.ordersLink}>{p.ordersLink}</a>
          {after}
        </Paragraph>
      </MailLayout>
    );
  },
});
