import type { ReactNode } from 'react';
import type { FeatureRequest } from '../../../../shared/feature-requests.schemas.js';
import { FeatureRequestStatusBadge } from './feature-request-status-badge.js';
import { VoteControl } from './vote-control.js';
import { formatDate } from '../../../lib/dates.js';


interface FeatureRequestRowProps {
  request: FeatureRequest;
  /** Controls beside the request (an admin's status and delete). */
  actions?: ReactNode;
}

/** One request: its votes, title, status, description, author and date. */
export function FeatureRequestRow({ request, actions }: FeatureRequestRowProps) {
  const titleId = `feature-request-${request.id}-title`;
  return (
    <li aria-labelledby={titleId} className="flex gap-3 p-4" data-testid="feature-request-row">
      <VoteControl request={request} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold break-words">
              {request.title}
            </h3>
            <FeatureRequestStatusBadge status={request.status} />
          </div>
          <p className="text-sm break-words whitespace-pre-line">{request.description}</p>
          <p className="text-xs text-muted-foreground">
            By <span className="font-medium break-words">{request.author}</span>
            {' · '}
            <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
          </p>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </li>
  );
}
