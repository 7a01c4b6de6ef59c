import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { votePageDocumentTitle, votePageTitle, type VotePageData } from '../../../shared/vote-page.js';
import type { PageTarget } from '../lib/api.js';
import { audienceOf } from '../lib/audience.js';
import { useI18n } from '../lib/i18n.js';
import { useLeaderboard } from '../lib/use-leaderboard.js';
import { useLiveCounts } from '../lib/use-live-counts.js';
import { useVoting } from '../lib/use-voting.js';
import { DashboardTab } from './dashboard-tab.js';
import { IssueDialog } from './issue-dialog.js';
import { LeaderboardTab } from './leaderboard-tab.js';
import { MobileMenu } from './mobile-menu.js';
import { PageHeader } from './page-header.js';
import { SuggestDialog } from './suggest-dialog.js';
import { panelId, TabList, tabId, tabsFor, type TabName } from './tabs.js';
import { useToast } from './toast.js';
import { VotingTab } from './voting-tab.js';

type OpenDialog = 'suggest' | 'issue' | 'menu' | null;

interface VotePageProps {
  target: PageTarget;
  initialData: VotePageData;
  signedIn: boolean;
  /** The signed-in visitor owns this machine: an empty page tells them how to fill it, and the operator links show. */
  isOwner: boolean;
}

/** The public vote page of spec 2.4 for a machine or the demo, once its data is there. */
export function VotePage({ target, initialData, signedIn, isOwner }: VotePageProps) {
  const notify = useToast();
  const i18n = useI18n();
  const [data, setData] = useState(initialData);
  const [tab, setTab] = useState<TabName>('voting');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const board = useLeaderboard(target, initialData.leaderboard);
  const { pending, vote } = useVoting(target, setData, notify, board.markStale, i18n);
  // Other customers' votes here move the counts; the leaderboard reads them again when next shown.
  useLiveCounts(target, setData, pending.size > 0, board.markStale);
  const machineName = data.machine ? votePageTitle(data.machine, i18n) : null;
  const audience = audienceOf(target, isOwner);
  const tabs = tabsFor(audience);
  const documentTitle = votePageDocumentTitle(data.machine, i18n);

  // A dialog's close only clears the state if it is still the open one: the menu closes while
  // the dialog it opened is already showing.
  const close = useMemo(() => {
    const closer = (name: OpenDialog) => () => setDialog((open) => (open === name ? null : open));
    return { suggest: closer('suggest'), issue: closer('issue'), menu: closer('menu') };
  }, []);

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  const showTab = (next: TabName) => {
    setTab(next);
    if (next === 'leaderboard') board.refreshIfStale();
  };
  const fromMenu = (action: () => void) => () => {
    setDialog(null);
    action();
  };

  const panels: Record<TabName, ReactNode> = {
    voting: (
      <VotingTab
        data={data}
        isOwner={isOwner}
        pending={pending}
        onVote={vote}
        onShowLeaderboard={() => showTab('leaderboard')}
        onSuggest={() => setDialog('suggest')}
      />
    ),
    leaderboard: (
      <LeaderboardTab
        leaderboard={board.leaderboard}
        period={board.period}
        loading={board.loading}
        failed={board.failed}
        onPeriodChange={board.choosePeriod}
        onBack={() => showTab('voting')}
      />
    ),
    dashboard: <DashboardTab signedIn={signedIn} />,
  };

  return (
    <>
      <PageHeader
        data={data}
        audience={audience}
        signedIn={signedIn}
        onSuggest={() => setDialog('suggest')}
        onReportIssue={() => setDialog('issue')}
      />
      {/* The bottom padding keeps the end of the list clear of the phone's action bar. */}
      <main className="mx-auto max-w-3xl space-y-4 px-4 pt-4 pb-28 md:pb-24">
        <TabList names={tabs} selected={tab} onSelect={showTab} />
        {tabs.map((name) => (
          <div key={name} id={panelId(name)} role="tabpanel" aria-labelledby={tabId(name)} hidden={name !== tab}>
            {panels[name]}
          </div>
        ))}
      </main>
      <MobileMenu
        open={dialog === 'menu'}
        onOpen={() => setDialog('menu')}
        onClose={close.menu}
        audience={audience}
        signedIn={signedIn}
        onSuggest={fromMenu(() => setDialog('suggest'))}
        onReportIssue={fromMenu(() => setDialog('issue'))}
        onShowLeaderboard={fromMenu(() => showTab('leaderboard'))}
      />
      <SuggestDialog open={dialog === 'suggest'} onClose={close.suggest} target={target} />
      <IssueDialog open={dialog === 'issue'} onClose={close.issue} target={target} machineName={machineName} />
    </>
  );
}
