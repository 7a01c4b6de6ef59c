import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VoteTrend } from '../../../../shared/products.schemas.js';
import { formatVotes } from '../format.js';
import { countOf } from '../../../../shared/wording.js';
import { formatCalendarDay } from '../../../lib/dates.js';

/** 'Nov 3' for a calendar date 'YYYY-MM-DD', read as that day wherever the browser is. */
function shortDate(date: string): string {
  return formatCalendarDay(date);
}

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
              formatter={(value, name) => [formatVotes(Number(value)), name === 'up' ? 'Up' : 'Down']}
              contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)', color: 'var(--color-card-foreground)' }}
            />
            <Bar dataKey="up" stackId="votes" fill="var(--color-primary)" isAnimationActive={false} />
            <Bar dataKey="down" stackId="votes" fill="var(--color-destructive)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {formatVotes(total)} in the last {countOf(trend.days.length, 'day')} (days in {trend.timeZone})
      </figcaption>
      <table className="sr-only">
        <caption>Votes per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Up</th>
            <th scope="col">Down</th>
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
    </figure>
  );
}
