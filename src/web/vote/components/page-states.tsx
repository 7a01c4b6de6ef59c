import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { LanguageSwitcher } from './language-switcher.js';
import { ProductRowSkeleton } from './product-row.js';
import { buttonClass, cardClass, cn } from './ui.js';

function Message({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
      <Icon name="alert" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="text-muted-foreground">{children}</div>
      {action}
      <LanguageSwitcher tone="plain" className="mt-4 text-muted-foreground" />
    </main>
  );
}

function DemoLink() {
  const { t } = useI18n();
  return (
    <a href="/vote" className={buttonClass.primary}>
      {t('state.tryDemo')}
    </a>
  );
}

/** Spec 2.4: a missing or non-numeric id. */
export function InvalidMachine() {
  const { t } = useI18n();
  return (
    <Message title={t('state.invalidTitle')} action={<DemoLink />}>
      <p>{t('state.invalidText')}</p>
    </Message>
  );
}

export function MachineNotFound({ machineId }: { machineId: number | 'demo' }) {
  const { t } = useI18n();
  if (machineId === 'demo') {
    return (
      <Message title={t('state.noDemoTitle')}>
        <p>{t('state.noDemoText')}</p>
      </Message>
    );
  }
  return (
    <Message title={t('state.notFoundTitle')} action={<DemoLink />}>
      <p>{t('state.notFoundText', { id: String(machineId) })}</p>
    </Message>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Message
      title={t('state.failedTitle')}
      action={
        <button type="button" onClick={onRetry} className={buttonClass.primary}>
          {t('state.retry')}
        </button>
      }
    >
      <p>{t('state.failedText')}</p>
    </Message>
  );
}

/** Spec 2.4: a skeleton while the products load (only when the server sent no data with the page). */
export function PageSkeleton() {
  const { t } = useI18n();
  return (
    <div aria-busy="true">
      <div className="h-56 bg-hero" />
      <main className="mx-auto max-w-3xl space-y-3 px-4 py-4">
        <p className="sr-only" role="status">
          {t('state.loadingProducts')}
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
