import { Link } from 'react-router';
import { PAGE_META } from '../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import { PAID_PLAN_TRIAL_DAYS } from '../../../shared/plans.js';
import { buttonClasses } from '../../components/ui/button.js';
import { paths } from '../../lib/paths.js';
import { PublicPageLayout } from './public-page-layout.js';

/** What we hold ourselves to; each is how the product works today, not a plan. */
const PROMISES = [
  {
    title: 'Customers stay anonymous',
    text: 'Voting needs no app and no account. We keep no raw IP address: it serves only to stop vote stuffing and is stored as a salted hash.',
  },
  {
    title: 'Your data is yours',
    text: 'Your machines, products, votes and suggestions are private to your account. No other operator can see them.',
  },
  {
    title: 'Figures that are honest',
    text: 'The dashboard counts real votes. What we do not collect, such as a customer’s age, we say plainly instead of guessing.',
  },
  {
    title: 'Trying costs nothing',
    text: `Paid plans start with a ${PAID_PLAN_TRIAL_DAYS}-day trial and no card. Moving to a smaller plan deletes nothing.`,
  },
] as const;

/** /about: the story and the mission, told plainly by a small new team. */
export function AboutPage() {
  return (
    <PublicPageLayout title={PAGE_META[PUBLIC_PAGE_PATHS.about].title}>
      <article className="mx-auto grid max-w-3xl gap-10 px-4 py-14 sm:py-20">
        <header className="grid gap-4">
          <h1 className="text-4xl font-bold tracking-tight">About VendVote</h1>
          <p className="text-lg text-muted-foreground">
            We build product voting for vending machines: a QR code on the machine, a vote from the customer&apos;s phone, and
            a dashboard that tells the operator what to stock.
          </p>
        </header>

        <section aria-labelledby="story-heading" className="grid gap-3">
          <h2 id="story-heading" className="text-2xl font-semibold">
            Our story
          </h2>
          <p>
            A vending machine&apos;s sales report tells you what sold. It cannot tell you what the people in front of the glass
            wanted and did not find. Operators fill that gap with guesses, a suggestion box, or a word with the front desk.
          </p>
          <p>
            The people in front of the glass already hold a phone. So we gave each machine a QR code and a page where
            customers vote products up or down, suggest what is missing and report a machine that ate their money, all
            without installing anything or signing up.
          </p>
          <p>
            We are a small, new team. We have no long list of customers or success figures to show you yet, and we will not
            invent them. What we can show you is the product itself.
          </p>
        </section>

        <section aria-labelledby="mission-heading" className="grid gap-3">
          <h2 id="mission-heading" className="text-2xl font-semibold">
            Our mission
          </h2>
          <p>
            Help every vending operator stock what their customers actually want, with as little effort as possible on both
            sides of the glass.
          </p>
        </section>

        <section aria-labelledby="promises-heading" className="grid gap-4">
          <h2 id="promises-heading" className="text-2xl font-semibold">
            What we promise
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {PROMISES.map(({ title, text }) => (
              <li key={title} className="grid content-start gap-1 rounded-xl border border-border bg-card p-5">
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="next-heading" className="grid gap-4 rounded-xl bg-muted p-6">
          <h2 id="next-heading" className="text-2xl font-semibold">
            See for yourself
          </h2>
          <p>Try the page your customers would use, start on the free plan, or tell us what your machines need.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href={paths.voteDemo} className={buttonClasses({ variant: 'outline' })}>
              Try the voting page
            </a>
            <Link to={paths.startFreeTrial} className={buttonClasses()}>
              Start free trial
            </Link>
            <Link to={paths.contact} className={buttonClasses({ variant: 'outline' })}>
              Contact us
            </Link>
          </div>
        </section>
      </article>
    </PublicPageLayout>
  );
}
