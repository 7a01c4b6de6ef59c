import { AlertTriangle, Gauge, Leaf, LineChart, Vote } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HIGH_CONFIDENCE, type InventoryAnalytics } from '../../../../shared/analytics.schemas.js';
import { WEEKDAY_NAMES } from '../../../../shared/settings.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { StatCard } from '../../../components/stat-card.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { EmptyState } from '../../../components/ui/empty-state.js';
import { paths } from '../../../lib/paths.js';
import { formatAmount, nextVisitText } from '../analytics-format.js';
import { PredictionCard } from './prediction-card.js';

/** Cards shown at first and added by each Show more: enough for a machine, few enough for a phone. */
export const CARDS_PER_PAGE = 24;

/**
 * What the stock figures rest on, said once for the page: the rule, and the two assumptions (fill day
 * and units per up-vote) with where to change them. Cards built on them say 'assumed'.
 */
function RuleExplanation({ figures }: { figures: InventoryAnalytics }) {
  const { autoReorderThreshold, fillTargetDays, restockWeekday, assumedUnitsPerVote, daysToNextVisit } = figures.rule;
  const assumedStock = figures.predictions.filter((prediction) => prediction.stockBasis === 'assumed-weekly-fill').length;
  const assumedRatio = figures.predictions.some((prediction) => !prediction.unitsPerVoteMeasured);
  const fromSales = figures.predictions.filter((prediction) => prediction.demandBasis === 'sales').length;
  const settingsLink = (
    <Link to={`${paths.settings}?tab=preferences`} className="text-primary underline underline-offset-4">
      change them in Settings
    </Link>
  );
  return (
    <Card className="grid gap-2 p-4 text-sm sm:p-5" role="note" aria-label="What the stock figures rest on">
      <p>
        <strong>Votes are not sales.</strong> A product’s recommended stock is your reorder threshold ({countOf(autoReorderThreshold, 'unit')}) plus its
        share of the machine’s predicted demand for a {fillTargetDays}-day fill, in units. Urgency compares how long the stock lasts with your next
        visit: {nextVisitText(restockWeekday, daysToNextVisit)}.
      </p>
      {fromSales > 0 ? (
        <p data-testid="sales-basis">
          <strong>Where your machines report sales</strong> (DEX audits and telemetry exports you import), {countOf(fromSales, 'forecast')} {fromSales === 1 ? 'is' : 'are'} of
          units sold, and products in a planogram are stocked to the par levels of their slots, counted down from each fill by the units sold since.
        </p>
      ) : null}
      {assumedStock > 0 || assumedRatio ? (
        <p className="text-muted-foreground" data-testid="stock-assumptions">
          <strong className="text-foreground">Assumptions</strong>
          {assumedStock > 0
            ? ` for ${countOf(assumedStock, 'product')} with no restock recorded: machines are filled to the recommended stock every ${WEEKDAY_NAMES[restockWeekday]}`
            : ''}
          {assumedStock > 0 && assumedRatio ? '; and ' : assumedRatio ? ': ' : ''}
          {assumedRatio ? `each up-vote sells ${formatAmount(assumedUnitsPerVote)} ${assumedUnitsPerVote === 1 ? 'unit' : 'units'} until reported sales or your restocks measure it` : ''}. Figures
          built on them are marked assumed, and none is called Urgent. Record restocks to replace them with your counts, or {settingsLink}.
        </p>
      ) : null}
    </Card>
  );
}

/** Demand Predictions: the four tiles, the rule, and a card per product and machine. */
export function DemandPredictionsTab({ figures }: { figures: InventoryAnalytics }) {
  const [shown, setShown] = useState(CARDS_PER_PAGE);
  // After Show more, the first new card takes the focus (it is set when that card mounts).
  const focusFrom = useRef<number | null>(null);
  const focusNew = useCallback((element: HTMLElement | null) => {
    if (element && focusFrom.current !== null) {
      focusFrom.current = null;
      element.focus();
    }
  }, []);

  const { summary, predictions } = figures;
  if (predictions.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={Vote}
          title="No forecasts yet"
          hint="Forecasts appear once customers vote at your machines: each product needs up-votes before its demand can be predicted. Share your machines’ QR codes to collect them."
        />
      </Card>
    );
  }

  const visible = predictions.slice(0, shown);
  const remaining = predictions.length - visible.length;
  return (
    <div className="grid gap-6">
      <section aria-label="Forecast summary" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label="Total Predictions" value={summary.totalPredictions.toLocaleString('en-US')} icon={LineChart} caption="Products forecast at a machine" />
        <StatCard
          label="High Confidence"
          value={summary.highConfidence.toLocaleString('en-US')}
          icon={Gauge}
          caption={`${HIGH_CONFIDENCE}% confidence or above`}
        />
        <StatCard
          label="Need Restocking"
          value={summary.needRestocking.toLocaleString('en-US')}
          icon={AlertTriangle}
          caption="To fill at your next visit or sooner"
        />
        <StatCard label="Seasonal Items" value={summary.seasonalItems.toLocaleString('en-US')} icon={Leaf} caption="With a weekly pattern" />
      </section>
      <RuleExplanation figures={figures} />
      <section aria-labelledby="prediction-cards" className="grid gap-4">
        <h2 id="prediction-cards" className="text-lg font-semibold">
          Products by restock urgency
        </h2>
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {visible.map((prediction, index) => (
            <PredictionCard
              key={`${prediction.machineId}:${prediction.productId}`}
              prediction={prediction}
              showMachine={figures.machineId === null}
              rule={figures.rule}
              timeZone={figures.timeZone}
              focusRef={index === shown - CARDS_PER_PAGE && index > 0 ? focusNew : undefined}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" role="status">
            Showing {visible.length} of {countOf(predictions.length, 'forecast')}
          </p>
          {remaining > 0 ? (
            <Button
              variant="outline"
              onClick={() => {
                focusFrom.current = shown;
                setShown((count) => count + CARDS_PER_PAGE);
              }}
            >
              Show more<span className="sr-only"> forecasts</span> ({Math.min(remaining, CARDS_PER_PAGE)})
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
