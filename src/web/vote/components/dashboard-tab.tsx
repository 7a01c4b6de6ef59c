import { useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { buttonClass, cardClass, cn } from './ui.js';

/**
 * Spec 2.4: the operator dashboard needs sign-in. The dashboard itself lives in the operator app,
 * so this page links to it rather than carrying its code to every phone.
 */
export function DashboardTab({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  return (
    <section className={cn(cardClass, 'flex flex-col items-center gap-3 p-8 text-center')} aria-labelledby="dashboard-heading">
      <Icon name={signedIn ? 'chart' : 'lock'} className="size-10 text-muted-foreground" />
      {signedIn ? (
        <>
          <h2 id="dashboard-heading" className="text-lg font-semibold">
            {t('dashboard.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('dashboard.text')}</p>
          <a href="/dashboard" className={buttonClass.primary}>
            {t('dashboard.open')}
          </a>
        </>
      ) : (
        <>
          <h2 id="dashboard-heading" className="text-lg font-semibold">
            {t('dashboard.restricted')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('dashboard.restrictedText')}</p>
          <a href="/api/login" className={buttonClass.primary}>
            {t('dashboard.login')}
          </a>
        </>
      )}
    </section>
  );
}
