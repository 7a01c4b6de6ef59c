import { ArrowDownCircle, PiggyBank, Repeat, ThumbsUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import type { InventoryAnalytics, Recommendation } from '../../../../shared/analytics.schemas.js';
import { formatMoney } from '../../../../shared/money.js';
import { countOf } from '../../../../shared/wording.js';
import { Badge } from '../../../components/ui/badge.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { paths } from '../../../lib/paths.js';
import { savingText } from '../analytics-format.js';
import { useAddToPurchaseList, usePurchaseList } from '../purchase-list-api.js';
import { recommendationOrder, recommendationTitle } from '../recommendation-lines.js';
import { costFieldsOf, unitCostFacts, type CostField, type UnitCostFact } from '../unit-cost-facts.js';
import { BusyButton } from './busy-button.js';
import { SectionCard } from './section-card.js';
import { UnitCostField } from './unit-cost-field.js';

type Currency = InventoryAnalytics['currency'];

const stockedText = (count: number) => `${countOf(count, 'line')} skipped as already stocked`;

/** 'unknown — set the unit cost of …': the products whose cost the saving waits for, as far as the page can tell. */
function unknownSavingText(fields: CostField[]): string {
  const names = fields.map((field) => field.productName);
  if (names.length <= 1) return `unknown — set the unit cost of ${names[0] ?? 'its products'} to count it`;
  return `unknown — set the unit cost of ${names.join(' or ')} (whichever is missing) to count it`;
}

interface RecommendationCardProps {
  recommendation: Recommendation;
  currency: Currency;
  facts: Map<number, UnitCostFact>;
}

function RecommendationCard({ recommendation, currency, facts }: RecommendationCardProps) {
  const headingId = useId();
  // Where the focus goes once a unit cost is saved and the saving is worked out again.
  const costRef = useRef<HTMLElement>(null);
  const Icon = recommendation.kind === 'swap' ? Repeat : ArrowDownCircle;
  const ordered = recommendation.kind === 'swap' ? (recommendation.replacementName ?? recommendation.productName) : recommendation.productName;
  const fields = costFieldsOf(recommendation, facts);
  const costsMore = recommendation.costSaved !== null && Number(recommendation.costSaved) < 0;

  const costSaved = (productName: string) => (unitCost: string | null) => {
    toast({
      title: unitCost === null ? 'Unit cost cleared' : 'Unit cost saved',
      description: unitCost === null ? `${productName}: no unit cost.` : `${productName}: ${formatMoney(unitCost, currency)} a unit.`,
    });
    requestAnimationFrame(() => costRef.current?.focus());
  };

  return (
    <Card role="article" aria-labelledby={headingId} className="grid content-start gap-3 p-4 sm:p-5" data-testid="recommendation">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="font-semibold break-words">
            {recommendationTitle(recommendation)}
          </h3>
          <Badge variant="secondary" className="w-fit">
            {recommendation.kind === 'swap' ? 'Swap' : 'Reduce'}
          </Badge>
        </div>
      </div>
      <p className="text-sm">{recommendation.reason}</p>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Order instead:</dt>
          <dd data-testid="order-instead">
            {recommendation.orderQuantity > 0
              ? `${countOf(recommendation.orderQuantity, 'unit')} of ${ordered}`
              : `nothing — the estimated stock of ${ordered} already covers it`}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Units not bought:</dt>
          <dd>{countOf(recommendation.unitsCut, 'unit')}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">{costsMore ? 'Stock cost:' : 'Cost saved per fill:'}</dt>
          <dd ref={costRef} tabIndex={-1} className="outline-none" data-testid="cost-saved">
            {recommendation.costSaved === null ? unknownSavingText(fields) : savingText(recommendation.costSaved, currency)}
          </dd>
        </div>
      </dl>
      {fields.length > 0 ? (
        <div className="grid gap-2">
          {fields.map((field) => (
            <UnitCostField
              key={`${field.productId}:${field.mode}`}
              productId={field.productId}
              productName={field.productName}
              currency={currency}
              mode={field.mode}
              current={field.current}
              nameProduct
              onSaved={costSaved(field.productName)}
            />
          ))}
        </div>
      ) : null}
    </Card>
  );
}

/**
 * Where a planogram machine's swap is: on its own page, worked out from what it sells, so that a
 * machine has one swap, shown in one place (decision 0051).
 */
function MachinePageSwaps({ figures }: { figures: InventoryAnalytics }) {
  const count = figures.optimization.swapsOnMachinePages;
  if (count === 0) return null;
  const machinePage =
    figures.machineId === null ? (
      <Link to={paths.vendingMachines} className="font-medium text-primary underline-offset-4 hover:underline">
        each machine’s page
      </Link>
    ) : (
      <Link to={paths.machine(figures.machineId)} className="font-medium text-primary underline-offset-4 hover:underline">
        the machine’s page
      </Link>
    );
  return (
    <p className="text-sm text-muted-foreground" data-testid="swaps-on-machine-pages">
      {figures.machineId === null ? `Machines with a planogram (${count}): each one’s swap` : 'This machine has a planogram: its swap'} is worked out from what it
      sells, under Demand vs sales on {machinePage}, and is not repeated here.
    </p>
  );
}

/** Stock Optimization: swaps and cuts from the forecasts, what they save, and one button to put them on the purchase list. */
export function StockOptimizationTab({ figures }: { figures: InventoryAnalytics }) {
  const { recommendations, totalCostSaved, recommendationsWithoutCost } = figures.optimization;
  const add = useAddToPurchaseList();
  const purchaseList = usePurchaseList();
  const order = recommendationOrder(recommendations);
  const facts = unitCostFacts(recommendations, purchaseList.data?.items ?? []);
  const noteId = useId();

  const apply = () =>
    add.mutate(order.lines, {
      onSuccess: ({ added, updated }) =>
        toast({
          title: 'Recommendations applied',
          description: `${countOf(added, 'line')} added to your purchase list, ${countOf(updated, 'line')} updated.${order.stocked > 0 ? ` ${stockedText(order.stocked)}.` : ''}`,
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({ title: 'Could not apply the recommendations', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
      },
    });

  let applyNote = 'Puts each recommendation’s order on your purchase list, with its reason as the note.';
  if (recommendations.length > 0 && order.lines.length === 0) applyNote = 'Nothing to order: the estimated stock already covers every recommendation.';
  else if (order.stocked > 0) applyNote = `${applyNote} ${countOf(order.stocked, 'line')} will be skipped: the estimated stock already covers them.`;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <section aria-labelledby="recommendations-heading" className="grid min-w-0 gap-4">
        <h2 id="recommendations-heading" className="text-lg font-semibold">
          Recommendations
        </h2>
        <MachinePageSwaps figures={figures} />
        {recommendations.length === 0 ? (
          <Card>
            <EmptyState
              icon={ThumbsUp}
              level={3}
              title="Nothing to change"
              hint="No product is selling slowly enough to swap, or falling enough to cut. Approved product suggestions from customers become swap candidates."
            />
          </Card>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {recommendations.map((recommendation) => (
              <RecommendationCard key={recommendation.id} recommendation={recommendation} currency={figures.currency} facts={facts} />
            ))}
          </div>
        )}
      </section>
      <SectionCard title="Cost savings" className="lg:sticky lg:top-4">
        <dl className="grid gap-3">
          <div className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">Total cost saved per fill</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="total-cost-saved">
              {savingText(totalCostSaved, figures.currency)}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">Recommendations without a cost</dt>
            <dd className="tabular-nums">
              {recommendationsWithoutCost}
              {recommendationsWithoutCost > 0 ? <span className="text-sm text-muted-foreground"> (set their unit costs on the cards to count them)</span> : null}
            </dd>
          </div>
        </dl>
        <BusyButton
          busy={add.isPending}
          disabled={order.lines.length === 0}
          onClick={apply}
          icon={<PiggyBank className="size-4" aria-hidden="true" />}
          aria-describedby={noteId}
        >
          Apply Recommendations
        </BusyButton>
        <p id={noteId} className="text-xs text-muted-foreground" data-testid="apply-note">
          {applyNote}
        </p>
      </SectionCard>
    </div>
  );
}
