import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';

const number = new Intl.NumberFormat('en-US');

interface UserPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What a screen reader calls the pager; the Messages tab names its own. */
  label?: string;
}

/** Which rows are shown of how many, with the previous and next pages. */
export function UserPager({ page, pageSize, total, onPageChange, label = 'User pages' }: UserPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 border-t border-border p-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {number.format(first)}-{number.format(last)} of {number.format(total)} · page {number.format(page)} of {number.format(pages)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
