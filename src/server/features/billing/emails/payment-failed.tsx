import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const props = z.object({
  locale: MailLocaleSchema,
  planName: z.string(),
  /** The amount and the date are written out in the mail's language when it is queued (stripe-webhook.ts). */
  amountDue: z.string(),
  nextAttemptOn: z.string().nullable(),
  billingLink: z.string().url(),
});
type Props = z.output<typeof props>;

interface Copy {
  subject(planName: string): string;
  failed(p: Props): string;
  stays: string;
  retry(date: string): string;
  noRetry: string;
  consequence: string;
  action: string;
}

const COPY: Translated<Copy> = {
  en: {
    subject: (planName) => `We could not charge your card for VendVote ${planName}`,
    failed: (p) => `The payment of ${p.amountDue} for your ${p.planName} plan did not go through.`,
    stays: 'Your plan stays as it is for now.',
    retry: (date) => `We will try again on ${date}.`,
    noRetry: 'No further attempt is scheduled.',
    consequence: 'If the payment keeps failing, the subscription ends and your account returns to the free Starter plan; nothing is deleted.',
    action: 'Update your card',
  },
  es: {
    subject: (planName) => `No hemos podido cobrar tu tarjeta para VendVote ${planName}`,
    failed: (p) => `El pago de ${p.amountDue} de tu plan ${p.planName} no se ha podido completar.`,
    stays: 'Por ahora tu plan sigue igual.',
    retry: (date) => `Lo volveremos a intentar el ${date}.`,
    noRetry: 'No hay ningún otro intento programado.',
    consequence: 'Si el pago sigue fallando, la suscripción terminará y tu cuenta volverá al plan gratuito Starter; no se borrará nada.',
    action: 'Actualizar tu tarjeta',
  },
  fr: {
    subject: (planName) => `Nous n’avons pas pu débiter votre carte pour VendVote ${planName}`,
    failed: (p) => `Le paiement de ${p.amountDue} pour votre forfait ${p.planName} n’a pas abouti.`,
    stays: 'Votre forfait reste inchangé pour le moment.',
    retry: (date) => `Nous réessaierons le ${date}.`,
    noRetry: 'Aucune autre tentative n’est prévue.',
    consequence: 'Si le paiement continue d’échouer, l’abonnement prendra fin et votre compte repassera à l’offre gratuite Starter ; rien ne sera supprimé.',
    action: 'Mettre à jour votre carte',
  },
  de: {
    subject: (planName) => `Wir konnten Ihre Karte für VendVote ${planName} nicht belasten`,
    failed: (p) => `Die Zahlung von ${p.amountDue} für Ihren ${p.planName}-Tarif ist nicht durchgegangen.`,
    stays: 'Ihr Tarif bleibt vorerst unverändert.',
    retry: (date) => `Wir versuchen es am ${date} erneut.`,
    noRetry: 'Ein weiterer Versuch ist nicht geplant.',
    consequence: 'Schlägt die Zahlung weiterhin fehl, endet das Abonnement und Ihr Konto wechselt zurück zum kostenlosen Starter-Tarif; es wird nichts gelöscht.',
    action: 'Karte aktualisieren',
  },
};

/** Stripe could not charge the card (invoice.payment_failed). The plan stays while Stripe retries. */
export const paymentFailedMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(p.planName),
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale}>
        <Paragraph>{copy.failed(p)}</Paragraph>
        <Paragraph>{[copy.stays, p.nextAttemptOn ? copy.retry(p.nextAttemptOn) : copy.noRetry, copy.consequence].join(' ')}</Paragraph>
        <ActionLink href={p.billingLink}>{copy.action}</ActionLink>
      </MailLayout>
    );
  },
});
