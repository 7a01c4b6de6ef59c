import type { Audience } from '../lib/audience.js';
import { useI18n } from '../lib/i18n.js';
import { Dialog } from './dialog.js';
import { Icon } from './icons.js';
import { buttonClass } from './ui.js';

interface MobileMenuProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  audience: Audience;
  signedIn: boolean;
  onSuggest: () => void;
  onReportIssue: () => void;
  onShowLeaderboard: () => void;
}

const item = `${buttonClass.ghost} w-full justify-start`;

/** The operator links of the menu: the showcase's way home and in, the owner's dashboard, none for a customer. */
function OperatorLinks({ audience, signedIn }: { audience: Audience; signedIn: boolean }) {
  const { t } = useI18n();
  if (audience === 'customer') return null;
  const dashboard = (
    <a href="/dashboard" className={item}>
      {t('action.dashboard')}
    </a>
  );
  if (audience === 'owner') return dashboard;
  return (
    <>
      <a href="/" className={item}>
        {t('header.home')}
      </a>
      {signedIn ? (
        dashboard
      ) : (
        <>
          <a href="/login" className={item}>
            {t('header.signIn')}
          </a>
          <a href="/register" className={item}>
            {t('header.register')}
          </a>
        </>
      )}
    </>
  );
}

/**
 * Spec 2.4: a mobile-only add button opening a side menu. It sits in a bar of its own along the
 * bottom edge, never floating over the list: a floating button covered the product names as they
 * scrolled under it (the page keeps room below the list for the bar).
 */
export function MobileMenu({ open, onOpen, onClose, audience, signedIn, onSuggest, onReportIssue, onShowLeaderboard }: MobileMenuProps) {
  const { t } = useI18n();
  return (
    <>
      <div
        data-testid="mobile-action-bar"
        className="fixed inset-x-0 bottom-0 z-40 flex border-t border-border bg-card px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.06)] md:hidden"
      >
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('action.openMenu')}
          aria-haspopup="dialog"
          className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md"
        >
          <Icon name="plus" className="size-7" />
        </button>
      </div>
      <Dialog open={open} onClose={onClose} title={t('action.menu')} placement="sheet">
        <nav aria-label={t('action.menu')} className="flex flex-col gap-1">
          <button type="button" className={item} onClick={onSuggest}>
            <Icon name="bulb" className="size-4" />
            {t('action.suggest')}
          </button>
          <button type="button" className={item} onClick={onReportIssue}>
            <Icon name="alert" className="size-4" />
            {t('action.reportIssue')}
          </button>
          <button type="button" className={item} onClick={onShowLeaderboard}>
            <Icon name="chart" className="size-4" />
            {t('tab.leaderboard')}
          </button>
          {audience === 'customer' ? null : <hr className="my-2" />}
          <OperatorLinks audience={audience} signedIn={signedIn} />
        </nav>
      </Dialog>
    </>
  );
}
