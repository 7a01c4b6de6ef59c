import { Bar, BarChart as Chart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartBar {
  label: string;
  value: number;
}

export interface BarChartProps {
  bars: ChartBar[];
  /** Names the figure and the table a screen reader reads in the chart's place. */
  title: string;
  /** The table's column headings: what a bar is, and what its value is. */
  labelHeading: string;
  valueHeading: string;
  formatValue: (value: number) => string;
  allowDecimals?: boolean;
  /** Ticks on the x axis are thinned out to keep this gap between them (in px). */
  minTickGap?: number;
  testId?: string;
}

/**
 * One series of bars. This module carries the chart library, so the page loads it on its own, after
 * the figures; the chart is hidden from screen readers, which read the table beside it instead.
 */
export default function BarChart({
  bars,
  title,
  labelHeading,
  valueHeading,
  formatValue,
  allowDecimals = false,
  minTickGap = 4,
  testId,
}: BarChartProps) {
  return (
    <figure className="grid min-w-0 gap-2">
      <div className="h-52 w-full" aria-hidden="true" data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={bars} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={minTickGap} fontSize={12} interval="preserveStartEnd" />
            <YAxis allowDecimals={allowDecimals} tickLine={false} axisLine={false} width={48} fontSize={12} />
            <Tooltip
              formatter={(value) => [formatValue(Number(value)), valueHeading]}
              cursor={{ fill: 'var(--color-muted)' }}
              contentStyle={{ background: 'var(--color-card)', borderColor: 'var(--color-border)', color: 'var(--color-card-foreground)' }}
            />
            <Bar dataKey="value" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </Chart>
        </ResponsiveContainer>
      </div>
      {/* In a hidden box: a table keeps its content's width and would widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{formatValue(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
