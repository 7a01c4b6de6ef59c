import { BookOpen, Check, ExternalLink, Star, Users } from 'lucide-react';
import type { Educator } from '../../../../shared/educators.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Badge } from '../../../components/ui/badge.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EducatorIcon } from './educator-icon.js';

/** A link to another site, in a new tab; rel=noopener so that site cannot reach back into ours. */
function NewTabLink({ href, label, name, variant }: { href: string; label: string; name: string; variant: 'primary' | 'outline' }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={buttonClasses({ variant, className: 'flex-1' })}>
      {label}
      <ExternalLink className="size-4" aria-hidden="true" />
      <span className="sr-only">: {name} (opens in a new tab)</span>
    </a>
  );
}

/**
 * One educator of the directory, with everything the spec lists on its card. An example from the
 * demo data says so and shows none of its invented figures or links, which would read as real.
 */
export function EducatorCard({ educator }: { educator: Educator }) {
  const headingId = `educator-${educator.id}`;
  const example = educator.isExample;
  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col gap-3 p-5" data-testid="educator-card">
      <div className="flex items-start justify-between gap-3">
        <EducatorIcon category={educator.category} />
        <div className="flex flex-wrap justify-end gap-1.5">
          {example ? <Badge variant="info">Example</Badge> : null}
          {educator.featured && !example ? <Badge variant="info">Featured</Badge> : null}
        </div>
      </div>
      <div className="grid gap-1">
        <h3 id={headingId} className="text-lg leading-snug font-semibold">
          {educator.name}
          {example ? <span className="sr-only"> (example)</span> : null}
        </h3>
        <p className="text-sm text-muted-foreground">{educator.specialization}</p>
      </div>
      <p className="text-sm">{educator.description}</p>
      {example ? (
        <p className="rounded-md border border-dashed border-border p-2 text-xs text-muted-foreground">
          An example of what a listing will look like, not a real school or teacher: it has no rating, students or links.
        </p>
      ) : (
        <EducatorFigures educator={educator} />
      )}
      <div>
        <Badge variant="secondary">{educator.category}</Badge>
      </div>
      <ul className="grid gap-1 text-sm" aria-label="Highlights">
        {educator.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success-soft-foreground" aria-hidden="true" />
            {highlight}
          </li>
        ))}
      </ul>
      {example ? null : (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <NewTabLink href={educator.website} label="Learn More" name={educator.name} variant="outline" />
          <NewTabLink href={educator.affiliateUrl} label="View Courses" name={educator.name} variant="primary" />
        </div>
      )}
    </Card>
  );
}

/** Rating, students and courses, as an admin recorded them. */
function EducatorFigures({ educator }: { educator: Educator }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <div className="flex items-center gap-1">
        <dt>
          <Star className="size-4 fill-current text-amber-500" aria-hidden="true" />
          <span className="sr-only">Rating</span>
        </dt>
        <dd>{educator.rating.toFixed(1)} of 5</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt>
          <Users className="size-4" aria-hidden="true" />
          <span className="sr-only">Students</span>
        </dt>
        <dd>{countOf(educator.students, 'student')}</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt>
          <BookOpen className="size-4" aria-hidden="true" />
          <span className="sr-only">Courses</span>
        </dt>
        <dd>{countOf(educator.courses, 'course')}</dd>
      </div>
    </dl>
  );
}
