import { votePageSubtitle, votePageTitle, type VotePageData } from '../../../shared/vote-page.js';
import { Icon } from './icons.js';
import { buttonClass } from './ui.js';
import { nounFor } from '../../../shared/wording.js';

interface PageHeaderProps {
  data: VotePageData;
  /** The machine id of the page; null on the demo. */
  machineId: number | null;
  signedIn: boolean;
  onSuggest: () => void;
  onReportIssue: () => void;
}

/**
 * Machine (or demo) title, location, today's counters and the page's two actions (spec 2.4). The
 * server paints the title and location before the script runs (the shell in vote.html): keep the
 * h1 and the location line's classes the same there.
 */
export function PageHeader({ data, machineId, signedIn, onSuggest, onReportIssue }: PageHeaderProps) {
  const { machine, stats } = data;
  const counters: [string, number][] = [
    [`${nounFor(stats.votesToday, 'vote')} today`, stats.votesToday],
    [nounFor(stats.products, 'product'), stats.products],
    [`${nounFor(stats.votersToday, 'voter')} today`, stats.votersToday],
  ];
  return (
    <header className="bg-hero text-hero-foreground">
      <div className="mx-auto max-w-3xl px-4 pt-4 pb-5">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="font-bold tracking-tight">VendVote</span>
          {!signedIn && (
            <nav aria-label="Account" className="flex gap-4">
              {machineId === null ? (
                <a href="/" className="flex items-center gap-1 underline-offset-4 hover:underline">
                  <Icon name="back" className="size-4" />
                  Back to Home
                </a>
              ) : (
                <>
                  <a href="/login" className="underline-offset-4 hover:underline">
                    Sign In
                  </a>
                  <a href="/register" className="underline-offset-4 hover:underline">
                    Register
                  </a>
                </>
              )}
            </nav>
          )}
        </div>

        {machineId === null && (
          <nav aria-label="Breadcrumb" className="mt-3 text-sm">
            <ol className="flex gap-2">
              <li>
                <a href="/" className="underline-offset-4 hover:underline">
                  Home
                </a>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page">Voting Demo</li>
            </ol>
          </nav>
        )}

        <h1 className="mt-3 text-2xl font-bold">{votePageTitle(machine)}</h1>
        <p className="mt-1 flex items-center gap-1 text-sm opacity-90">
          {machine && <Icon name="pin" className="size-4 shrink-0" />}
          {votePageSubtitle(machine)}
        </p>

        <ul className="mt-4 grid grid-cols-3 gap-2 text-center" aria-label="Today at a glance">
          {counters.map(([label, value]) => (
            <li key={label} className="rounded-lg bg-hero-foreground/15 px-2 py-2">
              <span className="block text-xl font-bold tabular-nums">{value}</span>
              <span className="text-xs">{label}</span>
            </li>
          ))}
        </ul>

        <div className="mt-4 hidden gap-2 md:flex">
          <button type="button" onClick={onSuggest} className={`${buttonClass.outline} border-transparent`}>
            <Icon name="bulb" className="size-4" />
            Suggest Product
          </button>
          <button type="button" onClick={onReportIssue} className={`${buttonClass.outline} border-transparent`}>
            <Icon name="alert" className="size-4" />
            Report Vending Issue
          </button>
        </div>
        <button type="button" onClick={onReportIssue} className={`${buttonClass.outline} mt-4 w-full border-transparent md:hidden`}>
          <Icon name="alert" className="size-4" />
          Report Vending Issue
        </button>
      </div>
    </header>
  );
}
