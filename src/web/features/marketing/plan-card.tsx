import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { PLAN_FEATURES, PLAN_TAGLINES, planMachinesText, planPriceText, type Plan } from '../../../shared/plans.js';
import { Badge } from '../../components/ui/badge.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';

interface PlanCardProps {
  plan: Plan;
  /** The card's button or link, e.g. a link to /register or a checkout button. */
  action: ReactNode;
  /** Draws the card out, for the plan a page recommends. */
  highlighted?: boolean;
  className?: string;
}

/**
 * One plan from shared/plans.ts: name, price, machines, trial and what it includes. The card is a
 * labelled group, so a test or a screen reader finds 'Growth plan' and its action inside it.
 */
export function PlanCard({ plan, action, highlighted = false, className }: PlanCardProps) {
  const headingId = useId();
  const [price, period] = planPriceText(plan).split('/');
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-5 p-6', highlighted && 'border-2 border-primary', className)}
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold">
            {plan.name}
            <span className="sr-only"> plan</span>
          </h2>
          {plan.trialDays > 0 ? <Badge variant="info">{plan.trialDays}-day free trial</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{PLAN_TAGLINES[plan.tier]}</p>
      </div>
      <p>
        <span className="text-4xl font-bold tracking-tight">{price}</span>
        {period ? <span className="text-muted-foreground"> / {period}</span> : null}
      </p>
      <ul className="grid gap-2 text-sm">
        {[planMachinesText(plan), ...PLAN_FEATURES].map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto grid">{action}</div>
    </Card>
  );
}
