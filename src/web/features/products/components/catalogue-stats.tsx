import { BarChart3, Package, Vote, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { Product } from '../../../../shared/products.schemas.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { FIGURE_LABELS } from '../../../../shared/wording.js';
import { catalogueStats } from '../catalogue-view.js';

function StatCard({ title, value, caption, icon: Icon }: { title: string; value: number; caption: string; icon: LucideIcon }) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className="grid grid-cols-1 gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <p id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </p>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="text-3xl font-bold tabular-nums" data-testid="stat-value">
        {value.toLocaleString('en-US')}
      </p>
      <p className="text-xs text-muted-foreground">{caption}</p>
    </Card>
  );
}

/** Spec 2.5's three cards over the whole catalogue. */
export function CatalogueStats({ products }: { products: Product[] }) {
  const stats = catalogueStats(products);
  return (
    <section aria-label="Catalogue summary" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard title="Total Products" value={stats.totalProducts} caption="in your catalogue" icon={Package} />
      <StatCard title={`Total ${FIGURE_LABELS.score}`} value={stats.totalScore} caption="up-votes minus down-votes since your last reset, all products" icon={Vote} />
      <StatCard title="Avg Performance" value={stats.averageScore} caption="average Score per product" icon={BarChart3} />
    </section>
  );
}

export function CatalogueStatsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <Card key={index} className="grid grid-cols-1 gap-3 p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-28" />
        </Card>
      ))}
    </div>
  );
}
