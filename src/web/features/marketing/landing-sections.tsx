import { BarChart3, CalendarCheck, QrCode, ThumbsUp, TrendingUp, Warehouse } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.js';
import { paths } from '../../lib/paths.js';
import { PAID_PLAN_TRIAL_DAYS, PLANS, planMachinesText, planPriceText } from '../../../shared/plans.js';

const STEPS = [
  {
    icon: QrCode,
    title: 'Put a QR code on each machine',
    text: 'Add a machine and print its code. Each machine gets its own vote page.',
  },
  {
    icon: ThumbsUp,
    title: 'Customers vote from their phone',
    text: 'They scan, then vote products up or down, suggest new ones and report a vending problem. No app, no account.',
  },
  {
    icon: BarChart3,
    title: 'Stock what wins',
    text: 'Your dashboard ranks products per machine and across all of them, so you restock by what customers ask for.',
  },
] as const;

export function HowItWorks() {
  return (
    <section id="features" aria-labelledby="how-heading" className="border-y border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14">
        <h2 id="how-heading" className="text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="grid content-start gap-2 rounded-xl border border-border bg-card p-6">
              <span className="flex items-center gap-2 text-sm font-semibold text-primary">
                <Icon className="size-5" aria-hidden="true" />
                Step {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const { free: starter, growth, enterprise } = PLANS;

/**
 * The spec's marketing claims, worded as what they are: the sales figure is what operators can aim
 * for (we have no measured results to quote yet), the trial is the paid plans', and unlimited
 * machines is the Enterprise plan's.
 */
const CLAIMS = [
  {
    icon: TrendingUp,
    title: 'Aim for up to 40 percent more sales',
    text:
      'Stocking what customers ask for is how operators aim to lift sales, by as much as 40 percent. That is a goal, not a ' +
      'promise: VendVote is new, and your dashboard shows what votes change at your own machines.',
  },
  {
    icon: CalendarCheck,
    title: `${PAID_PLAN_TRIAL_DAYS}-day free trial, no credit card`,
    text: `${growth.name} and ${enterprise.name} start with ${PAID_PLAN_TRIAL_DAYS} days free, and you enter no card to start. ${starter.name} stays free.`,
  },
  {
    icon: Warehouse,
    title: `From ${starter.machineLimit} machines to unlimited`,
    text:
      `${starter.name}: ${planMachinesText(starter).toLowerCase()}, ${planPriceText(starter).toLowerCase()}. ` +
      `${growth.name}: ${planMachinesText(growth).toLowerCase()}, ${planPriceText(growth)}. ` +
      `${enterprise.name}: ${planMachinesText(enterprise).toLowerCase()}, ${planPriceText(enterprise)}.`,
  },
] as const;

export function Claims() {
  return (
    <section aria-labelledby="claims-heading" className="mx-auto grid max-w-6xl gap-8 px-4 py-14">
      <h2 id="claims-heading" className="text-3xl font-bold tracking-tight">
        Why operators use it
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {CLAIMS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="grid content-start gap-2">
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <Link to={paths.pricing} className={buttonClasses({ variant: 'outline', className: 'w-fit' })}>
        Compare plans
      </Link>
    </section>
  );
}

export function ClosingCall() {
  return (
    <section aria-labelledby="closing-heading" className="border-t border-border bg-primary-soft">
      <div className="mx-auto grid max-w-3xl justify-items-center gap-4 px-4 py-14 text-center text-primary-soft-foreground">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight">
          Ask your customers before the next restock
        </h2>
        <p>Start free on up to {starter.machineLimit} machines. Upgrade when your route grows.</p>
        <Link to={paths.startFreeTrial} className={buttonClasses({ size: 'lg' })}>
          Start free trial
        </Link>
      </div>
    </section>
  );
}
