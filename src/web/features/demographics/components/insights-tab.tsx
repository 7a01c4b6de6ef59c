import { Download, Lightbulb } from 'lucide-react';
import type { Demographics } from '../../../../shared/analytics.schemas.js';
import { formatMoney } from '../../../../shared/money.js';
import { countOf } from '../../../../shared/wording.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { LazyBarChart } from './lazy-bar-chart.js';
import { bodyCell, headCell, ScrollTable, Section } from './section.js';

const multiplierLabel = (value: number) => `×${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function SeasonalMultipliers({ seasonal }: { seasonal: Demographics['insights']['seasonal'] }) {
  if (!seasonal.enoughHistory) {
    return (
      <p className="text-sm" data-testid="seasonal-not-enough">
        Not enough history yet: {countOf(seasonal.historyDays, 'day')} so far. {seasonal.requirement}.
      </p>
    );
  }
  return (
    <>
      <LazyBarChart
        bars={seasonal.multipliers.map((season) => ({ label: season.season, value: season.multiplier }))}
        title="Seasonal multipliers"
        labelHeading="Season"
        valueHeading="Multiplier"
        formatValue={multiplierLabel}
        allowDecimals
        testId="seasonal-chart"
      />
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {seasonal.multipliers.map((season) => (
          <li key={season.season}>
            {season.season}: {multiplierLabel(season.multiplier)} over {countOf(season.days, 'day')}
          </li>
        ))}
      </ul>
    </>
  );
}

function RevenueOpportunities({ opportunities, currency }: { opportunities: Demographics['insights']['opportunities']; currency: Demographics['currency'] }) {
  if (opportunities.length === 0) {
    return <p className="text-sm text-muted-foreground">No product has both a price and a vote forecast in this scope yet.</p>;
  }
  return (
    <ScrollTable label="Revenue opportunities by product" minWidth="min-w-[40rem]">
      <thead className="border-b border-border">
        <tr>
          <th scope="col" className={headCell}>
            Product
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            Predicted up-votes a week
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            Price
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            Predicted revenue a week
          </th>
          <th scope="col" className={headCell}>
            Note
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {opportunities.map((opportunity) => (
          <tr key={opportunity.productId}>
            <th scope="row" className={`${bodyCell} font-medium`}>
              {opportunity.productName}
            </th>
            <td className={`${bodyCell} text-right`}>{opportunity.predictedWeeklyVotes.toLocaleString('en-US', { maximumFractionDigits: 1 })}</td>
            <td className={`${bodyCell} text-right`}>{formatMoney(opportunity.price, currency)}</td>
            <td className={`${bodyCell} text-right font-semibold`}>{formatMoney(opportunity.weeklyRevenue, currency)}</td>
            <td className={`${bodyCell} text-muted-foreground`}>{opportunity.note}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Plain-worded notes, seasonal swings and what the forecasts are worth, with the detailed report. */
export function InsightsTab({ figures, reportUrl }: { figures: Demographics; reportUrl: string }) {
  const { insights } = figures;
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-sm text-muted-foreground">Every note below is drawn from your stored votes and says only what they support.</p>
        <a href={reportUrl} download className={buttonClasses({ className: 'w-fit shrink-0' })}>
          <Download className="size-4" aria-hidden="true" />
          View Detailed Report
        </a>
      </div>
      <Section title="Insights" data-testid="insight-notes">
        {insights.notes.length === 0 ? <p className="text-sm text-muted-foreground">No notes for this period yet.</p> : null}
        <ul className="grid gap-3 md:grid-cols-2">
          {insights.notes.map((note, index) => (
            <li key={`${note.kind}-${index}`} className="flex gap-3 rounded-lg border border-border p-4 text-sm" data-testid={`insight-${note.kind}`}>
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <p>{note.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        title="Seasonal multipliers"
        description="Average votes a day in each season against the average over the seasons with enough days: ×1.20 means 20 % more votes than usual."
        data-testid="seasonal"
      >
        <SeasonalMultipliers seasonal={insights.seasonal} />
      </Section>
      <Section
        title="Revenue opportunities"
        description="Predicted revenue is the product’s forecast up-votes for the coming week times its price — at one sale per up-vote, which real sales may not match."
        data-testid="opportunities"
      >
        <RevenueOpportunities opportunities={insights.opportunities} currency={figures.currency} />
      </Section>
    </div>
  );
}
