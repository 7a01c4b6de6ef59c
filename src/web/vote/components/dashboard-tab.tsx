import { Icon } from './icons.js';
import { buttonClass, cardClass, cn } from './ui.js';

/**
 * Spec 2.4: the operator dashboard needs sign-in. The dashboard itself lives in the operator app,
 * so this page links to it rather than carrying its code to every phone.
 */
export function DashboardTab({ signedIn }: { signedIn: boolean }) {
  return (
    <section className={cn(cardClass, 'flex flex-col items-center gap-3 p-8 text-center')} aria-labelledby="dashboard-heading">
      <Icon name={signedIn ? 'chart' : 'lock'} className="size-10 text-muted-foreground" />
      {signedIn ? (
        <>
          <h2 id="dashboard-heading" className="text-lg font-semibold">
            Operator Dashboard
          </h2>
          <p className="text-sm text-muted-foreground">See demand across all your machines, suggestions and reported issues.</p>
          <a href="/dashboard" className={buttonClass.primary}>
            Open your dashboard
          </a>
        </>
      ) : (
        <>
          <h2 id="dashboard-heading" className="text-lg font-semibold">
            Access Restricted
          </h2>
          <p className="text-sm text-muted-foreground">The dashboard is for vending machine operators. Sign in to see it.</p>
          <a href="/api/login" className={buttonClass.primary}>
            Operator Login
          </a>
        </>
      )}
    </section>
  );
}
