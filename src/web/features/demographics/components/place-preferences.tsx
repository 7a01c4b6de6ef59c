import { useId } from 'react';
import type { PlacePreferences } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.js';
import { bodyCell, headCell, ScrollTable } from './section.js';

type Confidence = NonNullable<PlacePreferences['categories'][number]['confidence']>;

const CONFIDENCE: Record<Confidence, { label: string; variant: BadgeVariant }> = {
  high: { label: 'High', variant: 'success' },
  medium: { label: 'Medium', variant: 'info' },
  low: { label: 'Low', variant: 'secondary' },
};

const upVotes = (count: number) => countOf(count, 'up-vote');

/**
 * One location's or region's category preferences: each category's share of the place's up-votes
 * with its 95 % margin (not a Score, which everywhere else is up-votes minus down-votes). Below the
 * minimum sample the place says so, with its size, instead of shares.
 */
interface PlacePreferencesCardProps {
  place: PlacePreferences;
  minimumSample: number;
  showRegion: boolean;
  /** The card's heading when it is not the place's name alone (one machine: '{machine} ({location})'). */
  title?: string;
}

export function PlacePreferencesCard({ place, minimumSample, showRegion, title }: PlacePreferencesCardProps) {
  const headingId = useId();
  const name = title ?? place.name;
  return (
    <article aria-labelledby={headingId} className="grid min-w-0 content-start gap-3 rounded-lg border border-border p-3 sm:p-4" data-testid="place">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          {name}
          {showRegion && place.region ? <span className="font-normal text-muted-foreground"> · {place.region}</span> : null}
        </h3>
        <p className="text-sm text-muted-foreground tabular-nums">{upVotes(place.sample)}</p>
      </header>
      {!place.enoughData ? (
        <p className="text-sm" data-testid="not-enough-data">
          <span className="font-semibold">Not enough data</span>: {upVotes(place.sample)} so far; shares need at least {minimumSample}.
        </p>
      ) : (
        <ScrollTable label={`Category shares of up-votes at ${name}`} minWidth="min-w-[24rem]">
          <thead className="border-b border-border">
            <tr>
              <th scope="col" className={headCell}>
                Category
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Share of up-votes
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Up-votes
              </th>
              <th scope="col" className={headCell}>
                Confidence
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {place.categories.map((category) => (
              <tr key={category.category}>
                <th scope="row" className={`${bodyCell} font-medium`}>
                  {category.category}
                </th>
                <td className={`${bodyCell} text-right whitespace-nowrap`}>
                  {category.score}% <span className="text-muted-foreground">± {category.margin}</span>
                </td>
                <td className={`${bodyCell} text-right`}>{category.upVotes.toLocaleString('en-US')}</td>
                <td className={bodyCell}>
                  {category.confidence ? (
                    <Badge variant={CONFIDENCE[category.confidence].variant}>{CONFIDENCE[category.confidence].label}</Badge>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </article>
  );
}
