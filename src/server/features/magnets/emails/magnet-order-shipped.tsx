import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';

/** The operator's magnets are on their way: the carrier, the tracking number and its link. */
export const magnetOrderShippedMail = defineMail({
  props: z.object({
    orderId: z.number().int(),
    machineName: z.string(),
    quantity: z.number().int(),
    magnetSize: z.string(),
    carrier: z.string().nullable(),
    trackingNumber: z.string(),
    trackingUrl: z.string().nullable(),
    ordersLink: z.string().url(),
  }),
  subject: ({ machineName }) => `Your QR magnets for ${machineName} have shipped`,
  body: ({ orderId, machineName, quantity, magnetSize, carrier, trackingNumber, trackingUrl, ordersLink }) => (
    <MailLayout>
      <Paragraph>
        Your order #{orderId} of {quantity} QR magnets ({magnetSize}) for {machineName} is on its way.
      </Paragraph>
      <Paragraph>
        {carrier ? `Carrier: ${carrier}. ` : ''}Tracking number: <strong>{trackingNumber}</strong>
      </Paragraph>
      {trackingUrl ? <ActionLink href={trackingUrl}>Track your magnets</ActionLink> : null}
      <Paragraph muted>
        All your magnet orders and their receipts are at <a href={ordersLink}>{ordersLink}</a>.
      </Paragraph>
    </MailLayout>
  ),
});
