import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ForecastExplanation, InventoryAnalytics, Prediction } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { FigureLabel } from '../../../components/figure-info.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { WEEKDAY_NAMES } from '../../../../shared/settings.schemas.js';
import { useForecastDetail } from '../api.js';
import { coverText, demandUnit, formatAmount, formatMoment, formatRatio, MIN_VOTES_FOR_RATIO, nextVisitText, URGENCY_REASONS } from '../analytics-format.js';

/** The operator's stock rule: their reorder threshold and the days a fill is meant to cover. */
export type StockRule = InventoryAnalytics['rule'];

const errorText = (value: number | null) => (value === null ? 'not measured' : formatRatio(value));

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Each method the back-test tried, and the one chosen. */
function MethodsCompared({ forecast, unit }: { forecast: ForecastExplanation; unit: string }) {
  if (forecast.candidates.length === 0) return null;
  return (
    <>
      <div role="region" aria-label="Methods compared" tabIndex={0} className="overflow-x-auto rounded-md border border-border">
        <table className="w-full min-w-[22rem] text-left text-sm">
          <caption className="sr-only">Each method’s error in the back-test, and the method chosen</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Method
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Weekly error
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Daily error ({unit})
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {forecast.candidates.map((candidate) => (
              <tr key={candidate.method}>
                <th scope="row" className="px-3 py-2 font-normal">
                  {candidate.methodLabel}
                  {candidate.method === forecast.method ? <span className="font-semibold"> (chosen: fewest {unit} missed)</span> : null}
                </th>
                <td className="px-3 py-2 tabular-nums">{formatRatio(candidate.weeklyError)}</td>
                <td className="px-3 py-2 tabular-nums">{formatAmount(candidate.dailyMae)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="method-choice">
        The method chosen is the one that missed the fewest {unit} in the back-test, counting the misses of each week’s total plus those of the single
        days, so it need not have the lowest weekly error. The forecast’s confidence comes from the weekly error alone.
      </p>
    </>
  );
}

/** How the forecast was made, read from the server when the dialog opens: the cards do not carry it (decision 0050). */
function ForecastSection({ prediction, unit }: { prediction: Prediction; unit: string }) {
  const detail = useForecastDetail(prediction.machineId, prediction.productId);
  let body;
  if (detail.isPending) {
    body = (
      <div role="status" aria-label="Loading how the forecast was made" className="grid gap-2">
        <Skeleton className="h-40" />
      </div>
    );
  } else if (detail.isError) {
    body = <LoadError what="how this forecast was made" error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  } else {
    const { forecast } = detail.data;
    body = (
      <>
        <dl className="grid gap-2 text-sm">
          <Row term="Method">{forecast.methodLabel}</Row>
          <Row term="Back-test">
            {forecast.folds > 0
              ? `Tried on the last ${countOf(forecast.folds, 'week')} of history (one 7-day fold each), forecasting each from the days before it`
              : 'Too little history to test against past weeks yet'}
          </Row>
          <Row term="Weekly error">{forecast.weeklyError === null ? errorText(null) : `${errorText(forecast.weeklyError)}, the miss of the week’s total; the confidence comes from this alone`}</Row>
          <Row term="Baseline error">{errorText(forecast.baselineWeeklyError)} (seasonal naive: each day as the same weekday last week)</Row>
          <Row term="Days of history">{countOf(forecast.historyDays, 'day')}</Row>
          <Row term={`Days without ${unit}`}>{formatRatio(forecast.zeroDayShare)}</Row>
        </dl>
        <MethodsCompared forecast={forecast} unit={unit} />
      </>
    );
  }
  return (
    <section aria-labelledby="forecast-method" className="grid gap-2">
      <h3 id="forecast-method" className="font-semibold">
        The forecast
      </h3>
      {body}
    </section>
  );
}

function StockSection({ prediction, rule, timeZone }: { prediction: Prediction; rule: StockRule; timeZone: string }) {
  const perVote = `${formatAmount(prediction.unitsPerVote)} ${prediction.unitsPerVote === 1 ? 'unit' : 'units'} per up-vote`;
  const fill = prediction.recommendedStock - rule.autoReorderThreshold;
  // The machine's predicted week is every product there together, as the server computed it.
  const exactFill = prediction.demandShare * prediction.machinePredictedWeek * (rule.fillTargetDays / 7) * prediction.unitsPerVote;
  const fromSlots = prediction.slots > 0;
  return (
    <section aria-labelledby="stock-rule" className="grid gap-2">
      <h3 id="stock-rule" className="font-semibold">
        The stock rule
      </h3>
      {fromSlots ? (
        <p className="text-sm" data-testid="stock-rule-numbers">
          Recommended stock = the par levels of the {countOf(prediction.slots, 'slot')} holding it in the machine’s planogram: {countOf(prediction.recommendedStock, 'unit')}. A visit fills
          each slot to its par.
        </p>
      ) : (
        <>
          <p className="text-sm">
            Recommended stock = reorder threshold + the product’s share of the machine’s predicted demand (in {demandUnit(prediction)}) × units per{' '}
            {prediction.demandBasis === 'sales' ? 'unit sold (1)' : 'up-vote'}, for a {rule.fillTargetDays}-day fill:
          </p>
          <p className="rounded-md bg-muted p-3 text-sm tabular-nums" data-testid="stock-rule-numbers">
            {rule.autoReorderThreshold} + {formatAmount(prediction.demandShare * 100)}% × {formatAmount(prediction.machinePredictedWeek)} {demandUnit(prediction)} ×{' '}
            {formatAmount(prediction.demandBasis === 'sales' ? 1 : prediction.unitsPerVote)} ≈ {rule.autoReorderThreshold} + {formatAmount(prediction.demandBasis === 'sales' ? fill : exactFill)}, rounded up:{' '}
            {countOf(prediction.recommendedStock, 'unit')}
            <span className="sr-only"> ({countOf(fill, 'unit')} above the threshold)</span>
          </p>
        </>
      )}
      <dl className="grid gap-2 text-sm">
        <Row term="Stock basis">{stockBasisText(prediction, rule, timeZone)}</Row>
        <Row term={<FigureLabel figure="stockNow">Stock now</FigureLabel>}>{prediction.estimatedStock === null ? 'not known' : `${formatAmount(prediction.estimatedStock)} units`}</Row>
        <Row term={<FigureLabel figure="unitsPerVote">Units per up-vote</FigureLabel>}>
          {prediction.unitsPerVoteBasis === 'sales'
            ? `${perVote}, measured from the units your machines reported selling against its up-votes there`
            : prediction.unitsPerVoteBasis === 'restocks'
              ? `${perVote}, measured from your recorded restocks at this machine`
              : `${perVote}, assumed (Settings) until reported sales or your recorded restocks measure it: that takes a DEX or telemetry import with at least ${MIN_VOTES_FOR_RATIO} up-votes on the days it covers, or a product restocked on two visits with ${MIN_VOTES_FOR_RATIO} up-votes between them`}
        </Row>
        <Row term={<FigureLabel figure="daysOfCover">Days of cover</FigureLabel>}>{coverText(prediction.daysOfCover)}: how long the estimated stock lasts as the forecast sells it</Row>
        <Row term="Urgency">
          {URGENCY_REASONS[prediction.urgency]} ({nextVisitText(rule.restockWeekday, rule.daysToNextVisit)})
        </Row>
      </dl>
    </section>
  );
}

function stockBasisText(prediction: Prediction, rule: StockRule, timeZone: string): string {
  if (prediction.stockBasis === 'not-stocked') return 'Not in this machine’s planogram: nothing is stocked, so nothing runs out';
  const filled = prediction.lastRestockAt ? formatMoment(prediction.lastRestockAt, timeZone) : null;
  if (prediction.stockBasis === 'sales' && filled) return `Filled ${filled}: the level each slot was left at, less the units the machine reported sold since`;
  if (prediction.stockBasis === 'restock-record' && filled) return `Recorded restock at ${filled}: units left plus units filled, less what the up-votes since then sold`;
  return `Assumed weekly fill every ${WEEKDAY_NAMES[rule.restockWeekday]}: the recommended stock, less what the up-votes since then sold`;
}

/** 'How this was computed': the forecast's method and its test, and the stock rule with this card's numbers. */
export function ForecastExplanationDialog({ prediction, rule, timeZone }: { prediction: Prediction; rule: StockRule; timeZone: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" icon={<Info className="size-4" aria-hidden="true" />}>
          How this was computed
          <span className="sr-only">
            {' '}
            for {prediction.productName} at {prediction.machineName}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>How this was computed</DialogTitle>
          <DialogDescription>
            {prediction.productName} at {prediction.machineName}: {formatAmount(prediction.predictedDemand)} {demandUnit(prediction)} predicted for the next 7 days.
          </DialogDescription>
        </DialogHeader>
        <ForecastSection prediction={prediction} unit={demandUnit(prediction)} />
        <StockSection prediction={prediction} rule={rule} timeZone={timeZone} />
      </DialogContent>
    </Dialog>
  );
}
