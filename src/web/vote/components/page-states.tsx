import type { ReactNode } from 'react';
import { Icon } from './icons.js';
import { ProductRowSkeleton } from './product-row.js';
import { buttonClass, cardClass, cn } from './ui.js';

function Message({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <Icon name="alert" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="text-muted-foreground">{children}</div>
      {action}
    </main>
  );
}

const demoLink = (
  <a href="/vote" className={buttonClass.primary}>
    Try the demo
  </a>
);

/** Spec 2.4: a missing or non-numeric id. */
export function InvalidMachine() {
  return (
    <Message title="Invalid Machine" action={demoLink}>
      <p>This QR code doesn't link to a valid vending machine.</p>
    </Message>
  );
}

export function MachineNotFound({ machineId }: { machineId: number | 'demo' }) {
  if (machineId === 'demo') {
    return (
      <Message title="Demo not available">
        <p>This installation has no demo machine. Scan the QR code on a vending machine to vote.</p>
      </Message>
    );
  }
  return (
    <Message title="Machine not found" action={demoLink}>
      <p>
        There is no vending machine number {machineId}. The QR code may be out of date, or the machine may have been removed.
        Please let the staff nearby know.
      </p>
    </Message>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Message
      title="Something went wrong"
      action={
        <button type="button" onClick={onRetry} className={buttonClass.primary}>
          Try again
        </button>
      }
    >
      <p>We couldn't load this page. Check your connection and try again.</p>
    </Message>
  );
}

/** Spec 2.4: a skeleton while the products load (only when the server sent no data with the page). */
export function PageSkeleton() {
  return (
    <div aria-busy="true">
      <div className="h-56 bg-hero" />
      <main className="mx-auto max-w-3xl space-y-3 px-4 py-4">
        <p className="sr-only" role="status">
          Loading products…
        </p>
        <div className={cn(cardClass, 'h-16 animate-pulse')} aria-hidden="true" />
        <ul className="space-y-2">
          {Array.from({ length: 5 }, (_, index) => (
            <ProductRowSkeleton key={index} />
          ))}
        </ul>
      </main>
    </div>
  );
}
