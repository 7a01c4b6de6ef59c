import { BarChart3, QrCode, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand.js';
import { PageTitle } from '../../components/page-title.js';
import { ThemeSwitcher } from '../../components/theme-switcher.js';
import { buttonClasses } from '../../components/ui/button.js';
import { paths } from '../../lib/paths.js';

const FEATURES = [
  {
    icon: QrCode,
    title: 'One QR code per machine',
    text: 'Customers scan the code on the machine and vote from their phone. No app, no registration.',
  },
  {
    icon: ThumbsUp,
    title: 'Votes and suggestions',
    text: 'Up and down votes, new product ideas and reports of vending problems all arrive in your dashboard.',
  },
  {
    icon: BarChart3,
    title: 'Demand you can act on',
    text: 'See demand per product and per machine, then stock what your customers actually ask for.',
  },
] as const;

/** '/' for signed-out visitors: a short pitch and the ways in. */
export function LandingPage({ footer }: { footer: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PageTitle title="Product voting for vending machines" />
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Brand />
          <div className="flex items-center gap-3">
            <ThemeSwitcher />
            <Link to={paths.login()} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Sign in
            </Link>
          </div>
        </div>
      </header>
      <main className="flex-1">
        <section className="mx-auto grid max-w-3xl gap-6 px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Stock what your vending customers actually want
          </h1>
          <p className="text-lg text-muted-foreground">
            VendVote puts a QR code on each of your machines so customers can vote for the products they
            want, with no app and no registration. You see demand per product and per machine, and operators
            who stock by their customers&apos; votes see sales rise by up to 40 percent. Start on the free
            plan, try the paid plans free for 30 days, and grow to unlimited machines when you are ready.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.register} className={buttonClasses({ size: 'lg' })}>
              Get started free
            </Link>
            <Link to={paths.login()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              Operator sign in
            </Link>
          </div>
          <Link to={paths.voteDemo} className="text-sm font-medium text-primary hover:underline">
            See the voting page customers use
          </Link>
        </section>
        <section id="features" aria-labelledby="features-heading" className="border-t border-border bg-muted/40">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="features-heading" className="sr-only">
              How it works
            </h2>
            <ul className="grid gap-6 sm:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="grid gap-2 rounded-xl border border-border bg-card p-6">
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      {footer}
    </div>
  );
}
