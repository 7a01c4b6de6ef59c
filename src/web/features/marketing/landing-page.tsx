import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_META } from '../../../shared/page-meta.js';
import { HOME_PATH } from '../../../shared/page-routes.js';
import { PLANS, planMachinesText } from '../../../shared/plans.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { paths } from '../../lib/paths.js';
import { ClosingCall, Claims, HowItWorks } from './landing-sections.js';
import { PublicPageLayout } from './public-page-layout.js';

// Below the fold, and it carries the vote page's and the dashboard's components: loaded after the pitch.
const ProductExamples = lazy(() => import('./product-examples.js'));

const examplesSkeleton = (
  <div className="grid gap-12 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-10" aria-hidden="true">
    <Skeleton className="h-[40rem] w-full" />
    <Skeleton className="h-[40rem] w-full" />
  </div>
);

function Hero() {
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-16 text-center sm:py-24">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Stock what your vending customers actually want</h1>
      <p className="text-lg text-muted-foreground">
        VendVote puts a QR code on each of your machines. Customers scan it and vote for the products they want, with no
        app and no account. You see the demand per product and per machine, and restock by it.
      </p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.startFreeTrial} className={buttonClasses({ size: 'lg' })}>
          Start free trial
        </Link>
        <a href={paths.voteDemo} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Try the voting page
        </a>
      </div>
      <p className="text-sm text-muted-foreground">
        {PLANS.free.name} is free for {planMachinesText(PLANS.free).toLowerCase()}. No credit card required.
      </p>
    </section>
  );
}

/** '/' for signed-out visitors: the pitch, the claims, how it works, and the product as it is. */
export function LandingPage({ footer }: { footer?: ReactNode }) {
  return (
    <PublicPageLayout title={PAGE_META[HOME_PATH].title} footer={footer}>
      <Hero />
      <HowItWorks />
      <section aria-labelledby="examples-heading" className="mx-auto grid max-w-6xl gap-8 px-4 py-14">
        <div className="grid gap-2">
          <h2 id="examples-heading" className="text-3xl font-bold tracking-tight">
            See it as it is
          </h2>
          <p className="max-w-3xl text-muted-foreground">
            Below are the vote page and the dashboard themselves, filled with an example operator&apos;s made-up products
            and figures.
          </p>
        </div>
        <Suspense fallback={examplesSkeleton}>
          <ProductExamples />
        </Suspense>
      </section>
      <Claims />
      <ClosingCall />
    </PublicPageLayout>
  );
}
