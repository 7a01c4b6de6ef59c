import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import type { InventoryAnalytics } from '../../../../shared/analytics.schemas.js';
import { countOf } from '../../../../shared/wording.js';
import { hourLabel, hourSpan, shortDate } from '../analytics-format.js';

/*
 * The Vote Trends charts. This module carries the chart library, so only this tab loads it, after
 * the figures; each drawing is hidden from screen readers, which read the table beside it instead.
 */

type VoteTrends = InventoryAnalytics['voteTrends'];

const tooltipStyle = { background: 'var(--color-card)', borderColor: 'var(--color-border)', color: 'var(--color-card-foreground)' };
const votesFormatter = (value: unknown) => [countOf(Number(value), 'vote'), 'Votes'] as [string, string];

/** Five lines told apart by colour and by dash, for readers who do not see the colours. */
const SERIES_STYLES = [
  { stroke: '#2563eb', dash: undefined },
  { stroke: '#dc2626', dash: '6 3' },
  { stroke: '#16a34a', dash: '2 3' },
  { stroke: '#d97706', dash: '8 3 2 3' },
  { stroke: '#7c3aed', dash: '12 4' },
] as const;

function VotesTable({ caption, header, rows }: { caption: string; header: [string, ...string[]]; rows: [string, ...(string | number)[]][] }) {
  // The box hides the table: a table keeps its content's width whatever its own class says, and
  // would widen the page on a phone.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {header.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, ...cells], row) => (
            <tr key={row}>
              <th scope="row">{label}</th>
              {cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Votes per hour of the day, the peak hour drawn in the primary colour and the others muted. */
export function HourlyChart({ trends, timeZone }: { trends: VoteTrends; timeZone: string }) {
  const peak = trends.peakHour;
  const highlight = (props: BarShapeProps) => (
    <Rectangle {...props} fill={props.index === peak ? 'var(--color-primary)' : 'var(--color-muted-foreground)'} fillOpacity={props.index === peak ? 1 : 0.45} />
  );
  return (
    <figure className="grid gap-3">
      <div className="h-56 w-full" aria-hidden="true" data-testid="hourly-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={trends.hourly} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="hour" tickFormatter={(hour: number) => hourLabel(hour)} tickLine={false} axisLine={false} minTickGap={12} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} fontSize={12} />
            <Tooltip labelFormatter={(hour) => hourSpan(Number(hour))} formatter={votesFormatter} contentStyle={tooltipStyle} />
            <Bar dataKey="votes" shape={highlight} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground" data-testid="peak-hour">
        {peak === null ? 'No votes in this period.' : `Busiest hour: ${hourSpan(peak)}.`} Hours in {timeZone}, your time zone in Settings.
      </figcaption>
      <VotesTable caption={`Votes per hour of the day (${timeZone})`} header={['Hour', 'Votes']} rows={trends.hourly.map((entry) => [hourSpan(entry.hour), entry.votes])} />
    </figure>
  );
}

/** Votes per weekday, Monday first. */
export function WeeklyChart({ trends }: { trends: VoteTrends }) {
  const busiest = trends.weekly.reduce((best, day) => (day.votes > best.votes ? day : best), trends.weekly[0] ?? { day: '', votes: 0 });
  return (
    <figure className="grid gap-3">
      <div className="h-48 w-full" aria-hidden="true" data-testid="weekly-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={trends.weekly} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="day" tickLine={false} axisLine={false} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} fontSize={12} />
            <Tooltip formatter={votesFormatter} contentStyle={tooltipStyle} />
            <Bar dataKey="votes" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">{busiest.votes > 0 ? `Busiest day: ${busiest.day}.` : 'No votes in this period.'}</figcaption>
      <VotesTable caption="Votes per day of the week" header={['Day', 'Votes']} rows={trends.weekly.map((entry) => [entry.day, entry.votes])} />
    </figure>
  );
}

/** Votes over time for the period's top products, per day or per week (weeks start on Monday). */
export function SeriesChart({ trends }: { trends: VoteTrends }) {
  const products = trends.seriesProducts;
  const data = trends.series.map((point) => ({ start: point.start, ...point.values }));
  const period = trends.bucket === 'day' ? 'Day' : 'Week of';
  return (
    <figure className="grid gap-3">
      <div className="h-64 w-full" aria-hidden="true" data-testid="series-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="start" tickFormatter={shortDate} tickLine={false} axisLine={false} minTickGap={24} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} fontSize={12} />
            <Tooltip labelFormatter={(start) => `${period} ${shortDate(String(start))}`} contentStyle={tooltipStyle} />
            <Legend />
            {products.map((product, index) => {
              const style = SERIES_STYLES[index % SERIES_STYLES.length]!;
              return (
                <Line
                  key={product.productId}
                  type="monotone"
                  dataKey={String(product.productId)}
                  name={product.productName}
                  stroke={style.stroke}
                  strokeDasharray={style.dash}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              );
            })}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        Votes {trends.bucket === 'day' ? 'per day' : 'per week (weeks start on Monday)'} for the {countOf(products.length, 'top product')} of the period.
      </figcaption>
      <VotesTable
        caption={`Votes ${trends.bucket === 'day' ? 'per day' : 'per week'} for the top products`}
        header={[period, ...products.map((product) => product.productName)]}
        rows={trends.series.map((point) => [shortDate(point.start), ...products.map((product) => point.values[String(product.productId)] ?? 0)])}
      />
    </figure>
  );
}
