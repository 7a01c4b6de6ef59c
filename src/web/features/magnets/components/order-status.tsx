import { ExternalLink } from 'lucide-react';
import { MAGNET_ORDER_STATUS_LABELS, type MagnetOrderStatus, type MagnetOrderView } from '../../../../shared/magnets.schemas.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { trackingText } from '../order-format.js';

const STATUS_BADGES: Record<MagnetOrderStatus, BadgeVariant> = {
  awaiting_payment: 'outline',
  pending: 'secondary',
  'on-hold': 'destructive',
  'sending-to-production': 'info',
  'in-production': 'info',
  fulfilled: 'success',
  canceled: 'outline',
  'had-issues': 'destructive',
};

/** An order's status in words; the colour only repeats them. */
export function MagnetOrderStatusBadge({ status }: { status: MagnetOrderStatus }) {
  return (
    <Badge variant={STATUS_BADGES[status]} data-status={status}>
      {MAGNET_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The carrier and tracking number, a link to the carrier's page when there is one; a dash before shipping. */
export function TrackingInfo({ tracking }: { tracking: MagnetOrderView['tracking'] }) {
  if (!tracking) return <span className="text-muted-foreground">Not shipped yet</span>;
  const text = trackingText(tracking);
  if (!tracking.url) return <span className="break-all">{text}</span>;
  return (
    <a
      href={tracking.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium break-all text-primary underline underline-offset-4"
    >
      {text}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
