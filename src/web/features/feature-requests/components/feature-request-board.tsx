import { useState, type ReactNode } from 'react';
import { FEATURE_REQUEST_STATUS_LABELS, type FeatureRequest } from '../../../../shared/feature-requests.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { DEFAULT_FILTER, useFeatureRequests, type FeatureRequestFilter } from '../api.js';
import { FeatureRequestFilters } from './feature-request-filters.js';
import { FeatureRequestListSkeleton, NoFeatureRequestsYet, NoMatchingFeatureRequests } from './feature-request-list-states.js';
import { FeatureRequestRow } from './feature-request-row.js';

interface FeatureRequestBoardProps {
  /** What the empty board tells its reader. */
  emptyText: string;
  /** Controls for each request (an admin's). */
  rowActions?: (request: FeatureRequest) => ReactNode;
}

/** The one board, sorted and filtered, with votes on every request: the public page and the admin page show it alike. */
export function FeatureRequestBoard({ emptyText, rowActions }: FeatureRequestBoardProps) {
  const [filter, setFilter] = useState<FeatureRequestFilter>(DEFAULT_FILTER);
  const requests = useFeatureRequests(filter);

  let list;
  if (requests.isPending) list = <FeatureRequestListSkeleton />;
  else if (requests.isError) {
    list = (
      <div className="p-4">
        <LoadError what="the feature requests" error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />
      </div>
    );
  } else if (requests.data.length === 0) {
    list = filter.status ? (
      <NoMatchingFeatureRequests statusLabel={FEATURE_REQUEST_STATUS_LABELS[filter.status]} onShowAll={() => setFilter({ ...filter, status: undefined })} />
    ) : (
      <NoFeatureRequestsYet text={emptyText} />
    );
  } else {
    list = (
      <ul className="divide-y divide-border" aria-label="Feature requests">
        {requests.data.map((request) => (
          <FeatureRequestRow key={request.id} request={request} actions={rowActions?.(request)} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="feature-request-board-title" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="feature-request-board-title" className="text-xl font-semibold tracking-tight">
          Requests
        </h2>
        <FeatureRequestFilters filter={filter} onChange={setFilter} />
      </div>
      <Card aria-busy={requests.isFetching} className="overflow-hidden">
        {list}
      </Card>
    </section>
  );
}
