import type { EducatorStats } from '../../../../shared/educators.schemas.js';
import { StatCard } from '../../../components/stat-card.js';

const CARDS = [
  { key: 'total', label: 'Total educators', caption: 'Listed in the education directory' },
  { key: 'featured', label: 'Featured', caption: 'Shown first, with a Featured badge' },
  { key: 'categories', label: 'Categories', caption: 'Distinct categories in use' },
] as const;

/** Spec: total, featured and distinct categories; placeholders while the list loads. */
export function EducatorStatCards({ stats }: { stats: EducatorStats | undefined }) {
  return (
    <section aria-label="Educator counts" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {CARDS.map((card) => {
        const value = stats?.[card.key];
        return (
          <StatCard
            key={card.key}
            label={card.label}
            value={value === undefined ? undefined : String(value)}
            caption={card.caption}
            data-testid={`educator-stat-${card.key}`}
          />
        );
      })}
    </section>
  );
}
