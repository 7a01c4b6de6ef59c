import { PAID_PLAN_TRIAL_DAYS, PLANS } from '../../../../shared/plans.js';

const FAQ: { question: string; answer: string }[] = [
  {
    question: 'Do I need a credit card for the free trial?',
    answer: `No. The ${PAID_PLAN_TRIAL_DAYS}-day free trial applies to the paid plans (Growth and Enterprise) and needs no card. Add one before the trial ends to keep the plan; without one, your account returns to the free Starter plan when the trial ends.`,
  },
  {
    question: 'What happens to my machines if I move to a smaller plan?',
    answer: `Nothing is deleted. Every machine keeps its QR code, votes and products and keeps working. You just cannot add more machines until you are back under the plan's limit (${PLANS.free.machineLimit} on Starter, ${PLANS.growth.machineLimit} on Growth).`,
  },
  {
    question: 'Can I change plans later?',
    answer:
      'Yes, on the Plan & billing page. An upgrade takes effect at once, and you pay only the difference for the rest of the month. A downgrade takes effect at the start of your next billing period.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'Open Plan & billing and choose Manage billing. You can cancel there at any time; the plan runs until the end of the period you paid for.',
  },
  {
    question: 'Who handles the payment?',
    answer: 'Payments go through Stripe. Your card details are entered on Stripe’s pages and never reach our servers.',
  },
];

/** The pricing page's questions; native disclosure elements, so keyboards and screen readers need nothing extra. */
export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto grid max-w-3xl gap-3">
      <h2 id="pricing-faq" className="text-2xl font-semibold tracking-tight">
        Frequently asked questions
      </h2>
      {FAQ.map(({ question, answer }) => (
        <details key={question} className="group rounded-lg border border-border bg-card p-4">
          <summary className="cursor-pointer list-inside font-medium text-foreground marker:text-muted-foreground">
            {question}
          </summary>
          <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
        </details>
      ))}
    </section>
  );
}
