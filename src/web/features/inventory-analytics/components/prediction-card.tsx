import { Minus, PackageCheck, ShoppingCart, TrendingDown, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { URGENCY_LABELS, type Prediction } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { Badge } from '../../../components/ui/badge.js';
import { Card } from '../../../components/ui/card.js';
import { toast } from '../../../components/ui/use-toast.js';
import { isUnauthorizedError, readApiError } from '../../../lib/api.js';
import { cn } from '../../../lib/cn.js';
import { coverText, demandUnit, formatAmount, formatMoment, URGENCY_CLASSES, URGENCY_EDGES, URGENCY_REASONS } from '../analytics-format.js';
import { useAddToPurchaseList } from '../purchase-list-api.js';
import { BusyButton } from './busy-button.js';
import { ForecastExplanationDialog, type StockRule } from './forecast-explanation-dialog.js';
import { RecordRestockDialog } from './record-restock-dialog.js';

const TRENDS = {
  up: { icon: TrendingUp, text: 'Demand rising', className: 'text-success-soft-foreground' },
  down: { icon: TrendingDown, text: 'Demand falling', className: 'text-destructive-text' },
  stable: { icon: Minus, text: 'Demand steady', className: 'text-muted-foreground' },
} as const;

/** How sure the forecast is, as a bar with its figure; a meter, so a screen reader reads the value. */
function ConfidenceMeter({ confidence, product }: { confidence: number; product: string }) {
  const value = Math.max(0, Math.min(100, confidence));
  const text = `${value}% confidence`;
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground" aria-hidden="true">
        {text}
      </p>
      <div
        role="meter"
        aria-label={`Forecast confidence for ${product}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

interface PredictionCardProps {
  prediction: Prediction;
  /** All Machines: each card names its machine. */
  showMachine: boolean;
  rule: StockRule;
  timeZone: string;
  /** Focus lands here after Show more, so keyboard users carry on where the new cards start. */
  focusRef?: (element: HTMLElement | null) => void;
}

/** One product at one machine: its forecast, stock advice and the actions on it. */
export function PredictionCard({ prediction, showMachine, rule, timeZone, focusRef }: PredictionCardProps) {
  const headingId = useId();
  const add = useAddToPurchaseList();
  const trend = TRENDS[prediction.trend];
  const TrendIcon = trend.icon;
  const onOrder = prediction.onPurchaseList;
  // The estimated stock already covers the recommended stock: there is nothing to put on the list.
  const stocked = prediction.suggestedOrder <= 0;
  const where = `${prediction.productName} at ${prediction.machineName}`;
  const assumed = prediction.stockBasis === 'assumed-weekly-fill';

  const addToOrder = () =>
    add.mutate(
      [{ machineId: prediction.machineId, productId: prediction.productId, quantity: prediction.suggestedOrder, source: 'prediction' }],
      {
        onSuccess: (answer) =>
          toast({
            title: answer.added > 0 ? 'Added to purchase list' : 'Order updated',
            description: `${countOf(prediction.suggestedOrder, 'unit')} of ${where}.`,
          }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          toast({ title: 'Could not add to the list', description: readApiError(error).message ?? 'Please try again.', variant: 'destructive' });
        },
      },
    );

  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      tabIndex={focusRef ? -1 : undefined}
      ref={focusRef}
      className={cn('grid content-start gap-4 border-l-4 p-4 outline-none sm:p-5', URGENCY_EDGES[prediction.urgency])}
      data-testid="prediction-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={headingId} className="font-semibold break-words">
            {prediction.productName}
            {showMachine ? <span className="sr-only"> at {prediction.machineName}</span> : null}
          </h3>
          <p className="text-sm text-muted-foreground">
            {prediction.category}
            {showMachine ? <span aria-hidden="true"> · {prediction.machineName}</span> : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {prediction.seasonal ? <Badge variant="info">Seasonal</Badge> : null}
          <span className={cn('inline-flex', trend.className)} title={trend.text}>
            <TrendIcon className="size-5" aria-hidden="true" />
            <span className="sr-only">{trend.text}</span>
          </span>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Predicted demand</dt>
          <dd className="font-semibold tabular-nums">
            {formatAmount(prediction.predictedDemand)} {demandUnit(prediction)} next 7 days
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Recommended stock</dt>
          <dd className="font-semibold tabular-nums">{countOf(prediction.recommendedStock, 'unit')}</dd>
        </div>
      </dl>

      <ConfidenceMeter confidence={prediction.confidence} product={where} />

      <div className="grid gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium" data-testid="days-of-cover">
            {coverText(prediction.daysOfCover)}
            {assumed && prediction.daysOfCover !== null ? ' (assumed)' : null}
          </span>
          <Badge className={URGENCY_CLASSES[prediction.urgency]}>
            <span className="sr-only">Urgency: </span>
            {URGENCY_LABELS[prediction.urgency]}
          </Badge>
        </p>
        <p className="text-muted-foreground" data-testid="urgency-reason">
          {URGENCY_REASONS[prediction.urgency]}
        </p>
        <p className="text-muted-foreground" data-testid="stock-basis">
          {prediction.stockBasis === 'not-stocked'
            ? 'Not in this machine’s planogram: no stock to keep'
            : assumed || !prediction.lastRestockAt
              ? 'Assumed stock: no restock recorded here yet'
              : prediction.stockBasis === 'sales'
                ? `From your fill of ${formatMoment(prediction.lastRestockAt, timeZone)}, less the units sold since`
                : `From your recorded restock of ${formatMoment(prediction.lastRestockAt, timeZone)}`}
          {prediction.estimatedStock === null ? null : `; about ${countOf(Math.round(prediction.estimatedStock), 'unit')} left now`}
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <p className="w-full text-sm">
          {prediction.stockBasis === 'not-stocked' ? (
            <span className="text-muted-foreground">Customers want it here: see Unmet Demand</span>
          ) : stocked ? (
            <span className="inline-flex items-center gap-1 font-medium text-success-soft-foreground" data-testid="stocked">
              <PackageCheck className="size-4" aria-hidden="true" />
              Stocked — nothing to order
            </span>
          ) : (
            <span className="text-muted-foreground">Suggested order: {countOf(prediction.suggestedOrder, 'unit')}</span>
          )}
          {onOrder === null ? null : (
            <span className="ml-3 font-medium" data-testid="on-order">
              On order: {countOf(onOrder, 'unit')}
            </span>
          )}
        </p>
        {stocked ? null : (
          <BusyButton size="sm" busy={add.isPending} onClick={addToOrder} icon={<ShoppingCart className="size-4" aria-hidden="true" />}>
            {onOrder === null ? 'Add to Order' : 'Update Order'}
            <span className="sr-only">
              : {countOf(prediction.suggestedOrder, 'unit')} of {where}
            </span>
          </BusyButton>
        )}
        <ForecastExplanationDialog prediction={prediction} rule={rule} timeZone={timeZone} />
        <RecordRestockDialog prediction={prediction} timeZone={timeZone} />
      </div>
    </Card>
  );
}
