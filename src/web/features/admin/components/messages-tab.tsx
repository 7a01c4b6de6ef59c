import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { ContactMessageFilter } from '../../../../shared/contact.schemas.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { CONTACT_MESSAGES_PAGE_SIZE, useContactMessages } from '../contact-messages-api.js';
import { ContactMessageItem } from './contact-message-item.js';
import { UserPager } from './user-pager.js';

const FILTERS: [ContactMessageFilter, string][] = [
  ['open', 'Waiting'],
  ['handled', 'Handled'],
  ['all', 'All'],
];

const EMPTY: Record<ContactMessageFilter, string> = {
  open: 'Nothing is waiting for an answer.',
  handled: 'No message has been handled yet.',
  all: 'Nobody has written through the contact page yet.',
};

/** Messages from the contact page: kept whether or not SUPPORT_EMAIL is set, read, answered by mail and marked handled here. */
export function MessagesTab() {
  const [status, setStatus] = useState<ContactMessageFilter>('open');
  const [page, setPage] = useState(1);
  const list = useContactMessages(status, page);

  const choose = (next: ContactMessageFilter) => {
    setStatus(next);
    setPage(1);
  };

  let content;
  if (list.isPending) {
    content = (
      <div className="grid gap-3 p-4" aria-busy="true">
        <span className="sr-only">Loading messages…</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (list.isError) {
    content = (
      <div className="p-4">
        <LoadError what="the messages" error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      </div>
    );
  } else if (list.data.messages.length === 0) {
    content = <EmptyState icon={Inbox} level={3} title={EMPTY[status]} />;
  } else {
    content = (
      <>
        <ul className="divide-y divide-border" aria-busy={list.isFetching}>
          {list.data.messages.map((message) => (
            <ContactMessageItem key={message.id} message={message} />
          ))}
        </ul>
        <UserPager label="Message pages" page={page} pageSize={CONTACT_MESSAGES_PAGE_SIZE} total={list.data.total} onPageChange={setPage} />
      </>
    );
  }

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Messages</h2>
          <p className="text-sm text-muted-foreground">
            What people sent through the contact page. {list.data ? `${list.data.open} waiting for an answer.` : ''}
          </p>
        </div>
        <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
          {FILTERS.map(([value, label]) => (
            <Button key={value} size="sm" variant={status === value ? 'primary' : 'outline'} aria-pressed={status === value} onClick={() => choose(value)}>
              {label}
            </Button>
          ))}
        </div>
      </div>
      {content}
    </Card>
  );
}
