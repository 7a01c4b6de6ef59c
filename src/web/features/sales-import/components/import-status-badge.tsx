import type { SalesImportStatus } from '../../../../shared/sales-imports.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import type { UploadState } from '../use-upload-queue.js';

const STATUS: Record<SalesImportStatus, [string, BadgeVariant]> = {
  imported: ['Imported', 'success'],
  'already-imported': ['Already imported', 'secondary'],
  'needs-mapping': ['Needs column mapping', 'info'],
  refused: ['Refused', 'destructive'],
};

const SENDING: Record<Exclude<UploadState, 'done'>, [string, BadgeVariant]> = {
  waiting: ['Waiting', 'outline'],
  sending: ['Sending…', 'outline'],
  failed: ['Not sent', 'destructive'],
};

/** What became of a file, in words (the colour only repeats them). */
export function ImportStatusBadge({ status, state = 'done' }: { status?: SalesImportStatus; state?: UploadState }) {
  const [label, variant] = state === 'done' && status ? STATUS[status] : SENDING[state === 'done' ? 'failed' : state];
  return (
    <Badge variant={variant} data-testid="import-status">
      {label}
    </Badge>
  );
}
