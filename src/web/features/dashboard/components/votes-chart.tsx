import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VoteTrend } from '../../../../shared/products.schemas.js';
import { formatVotes } from '../format.js';
import { countOf } from '../../../../shared/wording.js';
import { formatCalendarDay } from '../../../lib/dates.js';

/** 'Nov 3' for a calendar date 'YYYY-MM-DD', read as that day wherever the browser is. */
function shortDate(date: string): string {
  return formatCalendarDay(date);
}

/** What each colour of the bars counts; the legend and the screen-reader table name them alike. */
const SERIES = [
  { key: 'up', label: 'Up-votes', colour: 'var(--color-primary)' },
  { key: 'down', label: 'Down-votes', colour: 'var(--color-destructive)' },
] as const;

/**
 * Votes per day, up and down stacked. This module carries the chart library, so the dashboard
 * loads it on its own, after the figures; the table beside it is what a screen reader reads.
 */
export default function VotesChart({ trend }: { trend: VoteTrend }) {
  const total = trend.days.reduce((sum, day) => sum + day.votes, 0);
  return (
    <figure className="grid gap-3">
      <div className="h-56 w-full" aria-hidden="true" data-testid="votes-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={trend.days} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="date" tickFormatter={shortDate} tickLine={false} axisLine={false} minTickGap={24} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} fontSize={12} />
            <Tooltip
              labelFormatter={(label) => shortDate(String(label))}
              formatter={(value, name) => [formatVotes(Number(value)), SERIES.find((series) => series.key === name)?.label ?? String(name)]}
              contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)', color: 'var(--color-card-foreground)' }}
            />
            <Bar dataKey="up" stackId="votes" fill={SERIES[0].colour} isAnimationActive={false} />
            <Bar dataKey="down" stackId="votes" fill={SERIES[1].colour} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span className="size-3 rounded-sm" style={{ background: series.colour }} aria-hidden="true" />
            {series.label}
          </li>
        ))}
      </ul>
      <figcaption className="text-sm text-muted-foreground">
        {formatVotes(total)} in the last {countOf(trend.days.length, 'day')} (days in {trend.timeZone})
      </figcaption>
      {/* In a hidden box: a table keeps its content's width and would widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Votes per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {trend.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDate(day.date)}</th>
                <td>{day.up}</td>
                <td>{day.down}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
