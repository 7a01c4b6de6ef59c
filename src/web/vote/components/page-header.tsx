import { votePageSubtitle, votePageTitle, type VotePageData } from '../../../shared/vote-page.js';
import type { Audience } from '../lib/audience.js';
import { useI18n } from '../lib/i18n.js';
import { Icon } from './icons.js';
import { LanguageSwitcher } from './language-switcher.js';
import { buttonClass } from './ui.js';

interface PageHeaderProps {
  data: VotePageData;
  /** A customer's page shows no operator links; the showcase (the demo) and the owner's preview do. */
  audience: Audience;
  signedIn: boolean;
  onSuggest: () => void;
  onReportIssue: () => void;
}

/**
 * Machine (or demo) title, location, today's counters and the page's two actions (spec 2.4). The
 * server paints the title and location before the script runs (the shell in vote.html): keep the
 * top row's, the h1's and the location line's classes the same there.
 */
export function PageHeader({ data, audience, signedIn, onSuggest, onReportIssue }: PageHeaderProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const { machine, stats } = data;
  const counters: [string, number][] = [
    [t('header.votesToday', { count: stats.votesToday }), stats.votesToday],
    [t('header.products', { count: stats.products }), stats.products],
    [t('header.votersToday', { count: stats.votersToday }), stats.votersToday],
  ];
  return (
    <header className="bg-hero text-hero-foreground">
      <div className="mx-auto max-w-3xl px-4 pt-4 pb-5">
        <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-2 text-sm">
          <span className="font-bold tracking-tight">VendVote</span>
          <div className="flex items-center gap-4">
            {audience === 'showcase' && !signedIn && (
              <nav aria-label={t('header.account')} className="flex gap-4">
                <a href="/" className="flex items-center gap-1 underline-offset-4 hover:underline">
                  <Icon name="back" className="size-4" />
                  {t('header.backToHome')}
                </a>
              </nav>
            )}
            {audience === 'owner' && (
              <nav aria-label={t('header.account')} className="flex gap-4">
                <a href="/dashboard" className="underline-offset-4 hover:underline">
                  {t('action.dashboard')}
                </a>
              </nav>
            )}
            <LanguageSwitcher />
          </div>
        </div>

        {audience === 'showcase' && (
          <nav aria-label={t('header.breadcrumb')} className="mt-3 text-sm">
            <ol className="flex gap-2">
              <li>
                <a href="/" className="underline-offset-4 hover:underline">
                  {t('header.home')}
                </a>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page">{t('header.votingDemo')}</li>
            </ol>
          </nav>
        )}

        <h1 className="mt-3 text-2xl font-bold">{votePageTitle(machine, i18n)}</h1>
        <p className="mt-1 flex items-center gap-1 text-sm opacity-90">
          {machine && <Icon name="pin" className="size-4 shrink-0" />}
          {votePageSubtitle(machine, i18n)}
        </p>

        <ul className="mt-4 grid grid-cols-3 gap-2 text-center" aria-label={t('header.today')}>
          {counters.map(([label, value]) => (
            <li key={label} className="rounded-lg bg-hero-foreground/15 px-2 py-2">
              <span className="block text-xl font-bold tabular-nums">{i18n.number(value)}</span>
              <span className="text-xs">{label}</span>
            </li>
          ))}
        </ul>

        <div className="mt-4 hidden gap-2 md:flex">
          <button type="button" onClick={onSuggest} className={`${buttonClass.outline} border-transparent`}>
            <Icon name="bulb" className="size-4" />
            {t('action.suggest')}
          </button>
          <button type="button" onClick={onReportIssue} className={`${buttonClass.outline} border-transparent`}>
            <Icon name="alert" className="size-4" />
            {t('action.reportIssue')}
          </button>
        </div>
        <button type="button" onClick={onReportIssue} className={`${buttonClass.outline} mt-4 w-full border-transparent md:hidden`}>
          <Icon name="alert" className="size-4" />
          {t('action.reportIssue')}
        </button>
      </div>
    </header>
  );
}
