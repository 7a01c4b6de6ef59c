import { BadgeDollarSign, CalendarClock, Link2, Wallet } from 'lucide-react';
import {
  COMMISSION_HOLD_DAYS,
  COMMISSION_RATE_PERCENT,
  MINIMUM_PAYOUT_CENTS,
  REFERRAL_COOKIE_DAYS,
} from '../../../../shared/affiliates.schemas.js';
import { PAID_PLAN_TRIAL_DAYS, PLANS } from '../../../../shared/plans.js';
import { formatCents, monthlyCommissionCents } from '../affiliate-format.js';

const planLine = (plan: (typeof PLANS)[keyof typeof PLANS]) =>
  `${plan.name} (${formatCents(plan.monthlyPriceCents)}/month) earns you ${formatCents(monthlyCommissionCents(plan))} a month.`;

/**
 * The program's terms as the server applies them (affiliates.schemas.ts, DECISIONS 5): what is
 * earned, when it counts, when it is approved and when it is paid. Nothing promised beyond them.
 */
const TERMS = [
  {
    icon: BadgeDollarSign,
    title: `${COMMISSION_RATE_PERCENT}% recurring commission`,
    lines: [
      `You earn ${COMMISSION_RATE_PERCENT}% of every paid monthly invoice of the operators you refer, for as long as they pay.`,
      `${planLine(PLANS.growth)} ${planLine(PLANS.enterprise)}`,
    ],
  },
  {
    icon: Link2,
    title: 'Your link, your referrals',
    lines: [
      `Share your personal link. An operator who opens it and signs up within ${REFERRAL_COOKIE_DAYS} days counts as your referral; the first affiliate link they followed wins.`,
      `Paid plans start with a ${PAID_PLAN_TRIAL_DAYS}-day free trial, and the ${PLANS.free.name} plan is free: commission starts with the first paid invoice.`,
    ],
  },
  {
    icon: CalendarClock,
    title: `Pending for ${COMMISSION_HOLD_DAYS} days, then approved`,
    lines: [
      `Each commission waits ${COMMISSION_HOLD_DAYS} days before it is approved. A payment refunded in that time takes its commission back; one refunded later is taken off your next payout.`,
    ],
  },
  {
    icon: Wallet,
    title: `Payouts from ${formatCents(MINIMUM_PAYOUT_CENTS)}`,
    lines: [
      `Once your approved earnings reach ${formatCents(MINIMUM_PAYOUT_CENTS)}, the VendVote team pays them out and records the payment; every payout is listed on your dashboard.`,
    ],
  },
] as const;

export function ProgramTerms() {
  return (
    <section aria-labelledby="program-terms-heading" className="grid content-start gap-4">
      <h2 id="program-terms-heading" className="text-xl font-semibold">
        How the program works
      </h2>
      <ul className="grid gap-3">
        {TERMS.map(({ icon: Icon, title, lines }) => (
          <li key={title} className="flex gap-3 rounded-xl border border-border bg-card p-4">
            <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <h3 className="font-semibold">{title}</h3>
              {lines.map((line) => (
                <p key={line} className="text-sm text-muted-foreground">
                  {line}
                </p>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
