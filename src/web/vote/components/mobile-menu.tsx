import { useI18n } from '../lib/i18n.js';
import { Dialog } from './dialog.js';
import { Icon } from './icons.js';
import { buttonClass } from './ui.js';

interface MobileMenuProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  signedIn: boolean;
  onSuggest: () => void;
  onReportIssue: () => void;
  onShowLeaderboard: () => void;
}

const item = `${buttonClass.ghost} w-full justify-start`;

/**
 * Spec 2.4: a mobile-only floating add button opening a side menu. It floats at the bottom left:
 * every product row has its vote buttons at the right, so there it would always cover one.
 */
export function MobileMenu({ open, onOpen, onClose, signedIn, onSuggest, onReportIssue, onShowLeaderboard }: MobileMenuProps) {
  const { t } = useI18n();
  return (
    <>
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('action.openMenu')}
        aria-haspopup="dialog"
        className="fixed bottom-4 left-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg md:hidden"
      >
        <Icon name="plus" className="size-7" />
      </button>
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
          <hr className="my-2" />
          <a href="/" className={item}>
            {t('header.home')}
          </a>
          {signedIn ? (
            <a href="/dashboard" className={item}>
              {t('action.dashboard')}
            </a>
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
        </nav>
      </Dialog>
    </>
  );
}
