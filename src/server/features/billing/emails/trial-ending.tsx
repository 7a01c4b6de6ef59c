import { z } from 'zod';
import { defineMail } from '../../../integrations/mail/define-mail.js';
import { ActionLink, MailLayout, Paragraph } from '../../../integrations/mail/mail-layout.js';
import { MailLocaleSchema, type Translated } from '../../../integrations/mail/mail-locale.js';

const props = z.object({
  locale: MailLocaleSchema,
  planName: z.string(),
  /** Written out in the mail's language when it is queued (stripe-webhook.ts). */
  trialEndsOn: z.string(),
  hasPaymentMethod: z.boolean(),
  billingLink: z.string().url(),
});

interface Copy {
  subject(planName: string): string;
  endsOn(planName: string, date: string): string;
  withCard: string;
  withoutCard: string;
  review: string;
  addCard: string;
}

const COPY: Translated<Copy> = {
  en: {
    subject: (planName) => `Your VendVote ${planName} trial ends in 3 days`,
    endsOn: (planName, date) => `Your free trial of the ${planName} plan ends on ${date}.`,
    withCard: 'Your card on file will be charged then, and the plan goes on without a break.',
    withoutCard:
      'You have not added a card, so the plan will end with the trial and your account returns to the free Starter plan. Your machines, products and votes stay; adding machines past the Starter limit will need a paid plan.',
    review: 'Review your plan',
    addCard: 'Add a card to keep your plan',
  },
  es: {
    subject: (planName) => `Tu prueba de VendVote ${planName} termina dentro de 3 días`,
    endsOn: (planName, date) => `Tu prueba gratuita del plan ${planName} termina el ${date}.`,
    withCard: 'Ese día se cobrará la tarjeta que tienes registrada y el plan seguirá sin interrupciones.',
    withoutCard:
      'No has añadido ninguna tarjeta, así que el plan terminará con la prueba y tu cuenta volverá al plan gratuito Starter. Tus máquinas, productos y votos se conservan; para tener más máquinas de las que permite Starter necesitarás un plan de pago.',
    review: 'Revisar tu plan',
    addCard: 'Añadir una tarjeta para conservar tu plan',
  },
  fr: {
    subject: (planName) => `Votre essai de VendVote ${planName} se termine dans 3 jours`,
    endsOn: (planName, date) => `Votre essai gratuit du forfait ${planName} se termine le ${date}.`,
    withCard: 'La carte enregistrée sera alors débitée et le forfait continuera sans interruption.',
    withoutCard:
      'Vous n’avez pas ajouté de carte : le forfait prendra donc fin avec l’essai et votre compte repassera à l’offre gratuite Starter. Vos machines, produits et votes sont conservés ; pour dépasser la limite de machines de Starter, il vous faudra un forfait payant.',
    review: 'Voir votre forfait',
    addCard: 'Ajouter une carte pour garder votre forfait',
  },
  de: {
    subject: (planName) => `Ihre Testphase für VendVote ${planName} endet in 3 Tagen`,
    endsOn: (planName, date) => `Ihre kostenlose Testphase des ${planName}-Tarifs endet am ${date}.`,
    withCard: 'Dann wird Ihre hinterlegte Karte belastet, und der Tarif läuft ohne Unterbrechung weiter.',
    withoutCard:
      'Sie haben keine Karte hinterlegt, daher endet der Tarif mit der Testphase und Ihr Konto wechselt zurück zum kostenlosen Starter-Tarif. Ihre Automaten, Produkte und Stimmen bleiben erhalten; für mehr Automaten, als der Starter-Tarif erlaubt, brauchen Sie einen kostenpflichtigen Tarif.',
    review: 'Tarif ansehen',
    addCard: 'Karte hinterlegen und Tarif behalten',
  },
};

/**
 * Stripe's customer.subscription.trial_will_end arrives three days before a trial ends. Without a
 * card the trial ends in cancellation (checkout.ts), so the mail says what happens either way.
 */
export const trialEndingMail = defineMail({
  props,
  subject: (p) => COPY[p.locale].subject(p.planName),
  body: (p) => {
    const copy = COPY[p.locale];
    return (
      <MailLayout locale={p.locale}>
        <Paragraph>{copy.endsOn(p.planName, p.trialEndsOn)}</Paragraph>
        <Paragraph>{p.hasPaymentMethod ? copy.withCard : copy.withoutCard}</Paragraph>
        <ActionLink href={p.billingLink}>{p.hasPaymentMethod ? copy.review : copy.addCard}</ActionLink>
      </MailLayout>
    );
  },
});
