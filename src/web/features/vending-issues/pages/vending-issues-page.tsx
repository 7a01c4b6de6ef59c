import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.js';
import { Card } from '../../../components/ui/card.js';
import { useIssueCounts, useIssues } from '../api.js';
import { IssueFilters, type StatusFilter } from '../components/issue-filters.js';
import { IssueListSkeleton, IssuesLoadError, NoIssuesYet, NoMatchingIssues } from '../components/issue-list-states.js';
import { IssueRow } from '../components/issue-row.js';
import { IssueSummary } from '../components/issue-summary.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

const SEARCH_DELAY_MS = 300;

/** /vending-issues (spec 2.8): every issue customers reported, to investigate and resolve. */
export function VendingIssuesPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const issues = useIssues({ status: status === 'all' ? undefined : status, search: settledSearch });
  const filtered = status !== 'all' || settledSearch !== '';
  const counts = useIssueCounts();

  const clearFilters = () => {
    setSearch('');
    setStatus('all');
  };

  let list;
  if (issues.isPending) list = <IssueListSkeleton />;
  else if (issues.isError) list = <IssuesLoadError error={issues.error} onRetry={() => void issues.refetch()} />;
  else if (issues.data.length === 0) {
    const noneAtAll = !filtered || counts.data?.total === 0;
    list = noneAtAll ? <NoIssuesYet /> : <NoMatchingIssues onClear={clearFilters} />;
  }
  else {
    list = (
      <ul className="divide-y divide-border">
        {issues.data.map((issue) => (
          <IssueRow key={issue.id} issue={issue} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageTitle title="Vending Issues" />
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Vending Issues</h1>
        <p className="text-muted-foreground">Problems customers reported at your machines.</p>
      </header>
      <IssueSummary />
      <IssueFilters search={search} onSearchChange={setSearch} status={status} onStatusChange={setStatus} />
      <Card aria-busy={issues.isFetching} className="overflow-hidden">
        <h2 className="sr-only">Issues</h2>
        {list}
      </Card>
    </div>
  );
}
