import { Vote } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.js';
import { paths } from '../lib/paths.js';

/**
 * The product mark: icon, "VendVote" linking home, and an optional subtitle. Only the name is the
 * link, so its accessible name is exactly "VendVote".
 */
export function Brand({ className, subtitle }: { className?: string; subtitle?: string }) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground"
      >
        <Vote className="size-5" />
      </span>
      <div className="flex flex-col leading-tight">
        <Link to={paths.home} className="rounded-sm text-lg font-bold tracking-tight text-foreground">
          VendVote
        </Link>
        {subtitle ? <span className="text-xs text-muted-foreground">{subtitle}</span> : null}
      </div>
    </div>
  );
}
