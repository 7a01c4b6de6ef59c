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
  return (
    <>
      <button
        type="button"
        onClick={onOpen}
        aria-label="Open quick actions"
        aria-haspopup="dialog"
        className="fixed bottom-4 left-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg md:hidden"
      >
        <Icon name="plus" className="size-7" />
      </button>
      <Dialog open={open} onClose={onClose} title="Quick actions" placement="sheet">
        <nav aria-label="Quick actions" className="flex flex-col gap-1">
          <button type="button" className={item} onClick={onSuggest}>
            <Icon name="bulb" className="size-4" />
            Suggest Product
          </button>
          <button type="button" className={item} onClick={onReportIssue}>
            <Icon name="alert" className="size-4" />
            Report Vending Issue
          </button>
          <button type="button" className={item} onClick={onShowLeaderboard}>
            <Icon name="chart" className="size-4" />
            Leaderboard
          </button>
          <hr className="my-2" />
          <a href="/" className={item}>
            Home
          </a>
          {signedIn ? (
            <a href="/dashboard" className={item}>
              Dashboard
            </a>
          ) : (
            <>
              <a href="/login" className={item}>
                Sign In
              </a>
              <a href="/register" className={item}>
                Register
              </a>
            </>
          )}
        </nav>
      </Dialog>
    </>
  );
}
