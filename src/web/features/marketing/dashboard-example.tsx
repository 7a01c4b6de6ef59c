import { MachinePerformancePanel } from '../dashboard/components/machine-performance.js';
import { MostVotedProductsPanel } from '../dashboard/components/most-voted-products.js';
import { StatsCards } from '../dashboard/components/stats-cards.js';
import { EXAMPLE_DASHBOARD_PRODUCTS, EXAMPLE_DASHBOARD_STATS, EXAMPLE_MACHINES } from './example-data.js';

/** The operator dashboard's own cards and panels, filled with the example operator's figures. */
export function DashboardExample() {
  return (
    <div className="grid gap-4 rounded-2xl border border-border bg-muted/60 p-3 shadow-xl sm:p-5">
      <div className="grid gap-1">
        <p className="text-xl font-bold tracking-tight">Dashboard</p>
        <p className="text-sm text-muted-foreground">Overview of your vending machine voting platform</p>
      </div>
      <StatsCards stats={EXAMPLE_DASHBOARD_STATS} updating={false} />
      <div className="grid gap-4 xl:grid-cols-2">
        <MostVotedProductsPanel products={EXAMPLE_DASHBOARD_PRODUCTS} />
        <MachinePerformancePanel machines={EXAMPLE_MACHINES} />
      </div>
    </div>
  );
}
