import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AffiliateDashboard } from '../../../../shared/affiliates.schemas.js';
import { formatCents, formatCount, monthLabel } from '../affiliate-format.js';

const SERIES_NAMES: Record<string, string> = { clicks: 'Clicks', signUps: 'Sign-ups', earned: 'Earned' };

/**
 * Clicks and sign-ups (bars, counted on the left) and earnings (a line, dollars on the right) per
 * month. This module carries the chart library, so only the affiliate dashboard loads it, after the
 * figures; the table beside the drawing is what a screen reader reads.
 */
export default function MonthlyChart({ monthly }: { monthly: AffiliateDashboard['monthly'] }) {
  const data = monthly.map((month) => ({ ...month, earned: month.earnedCents / 100 }));
  return (
    <figure className="grid gap-3">
      <div className="h-64 w-full" aria-hidden="true" data-testid="affiliate-monthly-chart">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="month" tickFormatter={monthLabel} tickLine={false} axisLine={false} minTickGap={16} fontSize={12} />
            <YAxis yAxisId="count" allowDecimals={false} tickLine={false} axisLine={false} width={48} fontSize={12} />
            <YAxis yAxisId="money" orientation="right" tickFormatter={(value: number) => `$${value}`} tickLine={false} axisLine={false} width={56} fontSize={12} />
            <Tooltip
              labelFormatter={(label) => monthLabel(String(label))}
              formatter={(value, name) => [name === 'earned' ? formatCents(Number(value) * 100) : formatCount(Number(value)), SERIES_NAMES[String(name)] ?? name]}
              contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)', color: 'var(--color-card-foreground)' }}
            />
            <Legend formatter={(name) => SERIES_NAMES[String(name)] ?? name} />
            <Bar yAxisId="count" dataKey="clicks" fill="var(--color-muted-foreground)" isAnimationActive={false} />
            <Bar yAxisId="count" dataKey="signUps" fill="var(--color-primary)" isAnimationActive={false} />
            <Line yAxisId="money" dataKey="earned" stroke="var(--color-success-soft-foreground)" strokeWidth={2} dot={false} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">The last 12 months; months are counted in UTC.</figcaption>
      {/* In a hidden box: a table keeps its content's width and would widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Clicks, sign-ups and earnings per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Clicks</th>
              <th scope="col">Sign-ups</th>
              <th scope="col">Earned</th>
            </tr>
          </thead>
          <tbody>
            {monthly.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{month.clicks}</td>
                <td>{month.signUps}</td>
                <td>{formatCents(month.earnedCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
