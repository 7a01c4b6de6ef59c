import { ExternalLink, Mail, MapPin, Phone, User } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { CHARITY_TYPE_LABELS, type Charity } from '../../../../shared/donation-hub.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { acceptedItemsPreview, charityOrigin, charityPlace, distanceText, moreText, VERIFIED_TEXT } from '../charity-format.js';
import { AcceptedItemsDialog } from './accepted-items-dialog.js';
import { RecordDonationDialog } from './record-donation-dialog.js';

function OriginBadge({ charity }: { charity: Charity }) {
  switch (charityOrigin(charity)) {
    case 'verified':
      return (
        <Badge variant="success" title={VERIFIED_TEXT}>
          Verified<span className="sr-only">: {VERIFIED_TEXT}</span>
        </Badge>
      );
    case 'example':
      return (
        <Badge variant="outline" title="A sample record that comes with the app, not a real charity">
          Example record
        </Badge>
      );
    case 'yours':
      return (
        <Badge variant="info" title="A charity you added; only you see it">
          Added by you
        </Badge>
      );
    default:
      return null;
  }
}

function AcceptedItems({ charity }: { charity: Charity }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const { shown, more } = acceptedItemsPreview(charity.acceptedItems);
  if (charity.acceptedItems.length === 0) {
    return <p className="text-sm text-muted-foreground">No accepted items noted yet.</p>;
  }
  const items = expanded ? charity.acceptedItems : shown;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ul id={listId} aria-label="Accepted items" className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item}>
            <Badge variant="secondary" className="font-normal">
              {item}
            </Badge>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="rounded-full px-1.5 text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {expanded ? 'Show fewer' : moreText(more)}
          <span className="sr-only"> accepted items</span>
        </button>
      ) : null}
    </div>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="mt-0.5 shrink-0 text-muted-foreground">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const icon = 'size-4';

/** One charity with everything the spec lists on its card, and the ways to act on it. */
export function CharityCard({ charity, actions }: { charity: Charity; actions?: ReactNode }) {
  const headingId = useId();
  const place = charityPlace(charity);
  return (
    <Card role="article" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 p-5" data-testid="charity-card">
      <div className="grid gap-2">
        <h3 id={headingId} className="text-lg leading-snug font-semibold break-words">
          {charity.name}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <OriginBadge charity={charity} />
          <Badge variant="outline">{CHARITY_TYPE_LABELS[charity.type]}</Badge>
        </div>
      </div>
      {charity.description ? <p className="text-sm">{charity.description}</p> : null}
      <dl className="grid gap-1.5 text-sm">
        {place ? (
          <Detail icon={<MapPin className={icon} aria-hidden="true" />} label="Address">
            {place}
            {charity.distance !== null ? <span className="text-muted-foreground"> · {distanceText(charity.distance)}</span> : null}
          </Detail>
        ) : null}
        {charity.phone ? (
          <Detail icon={<Phone className={icon} aria-hidden="true" />} label="Phone">
            <a href={`tel:${charity.phone.replace(/[^\d+]/g, '')}`} className="text-primary underline-offset-4 hover:underline">
              {charity.phone}
            </a>
          </Detail>
        ) : null}
        {charity.email ? (
          <Detail icon={<Mail className={icon} aria-hidden="true" />} label="Email">
            <a href={`mailto:${charity.email}`} className="text-primary underline-offset-4 hover:underline">
              {charity.email}
            </a>
          </Detail>
        ) : null}
        {charity.contactPerson ? (
          <Detail icon={<User className={icon} aria-hidden="true" />} label="Contact person">
            {charity.contactPerson}
          </Detail>
        ) : null}
      </dl>
      {charity.ein ? <p className="text-xs text-muted-foreground">EIN {charity.ein}</p> : null}
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h4 className="text-sm font-medium">Accepts</h4>
          <AcceptedItemsDialog charity={charity} />
        </div>
        <AcceptedItems charity={charity} />
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <RecordDonationDialog charity={charity} />
        {charity.website ? (
          <a href={charity.website} target="_blank" rel="noopener" className={buttonClasses({ variant: 'outline', className: 'flex-1' })}>
            Visit Website
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">: {charity.name} (opens in a new tab)</span>
          </a>
        ) : null}
        {actions}
      </div>
    </Card>
  );
}
