import type { DemandRow } from '../../../../shared/demand.schemas.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { units } from '../../demand/demand-format.js';
import { oneDecimal, percent, points } from '../stock-format.js';
import { FigureLabel } from '../../../components/figure-info.js';

const cell = 'px-3 py-2 text-left align-top';
const dash = <span className="text-muted-foreground">—</span>;

/** Per product at one machine: what customers asked for against what it sold, and the forecast. */
export function DemandTable({ rows, windowDays, machineName }: { rows: DemandRow[]; windowDays: number; machineName: string }) {
  const label = `Demand vs sales at ${machineName}`;
  return (
    <ScrollFrame label={label}>
      <table className="w-full min-w-[48rem] text-sm" aria-label={label}>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>Product</th>
            <th scope="col" className={cell}>Up-votes ({windowDays} days)</th>
            <th scope="col" className={cell}>Suggestions</th>
            <th scope="col" className={cell}>
              <FigureLabel figure="unitsSold">Units sold</FigureLabel>
            </th>
            <th scope="col" className={cell}>
              <FigureLabel figure="unitsPerVoteHere">Units per up-vote here</FigureLabel>
            </th>
            <th scope="col" className={cell}>Vote share / sales share</th>
            <th scope="col" className={cell}>
              <FigureLabel figure="gap">Gap</FigureLabel>
            </th>
            <th scope="col" className={cell}>Forecast a week</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.productId} className="border-b last:border-0" data-testid="demand-row">
              <th scope="row" className={`${cell} font-medium`}>
                {row.productName}
                <span className="block text-xs font-normal text-muted-foreground">{row.slots === 0 ? `${row.category} · not in planogram` : row.category}</span>
              </th>
              <td className={`${cell} tabular-nums`}>{row.upVotes}</td>
              <td className={`${cell} tabular-nums`}>{row.suggestions}</td>
              <td className={`${cell} tabular-nums`}>{row.unitsSold === null ? dash : oneDecimal(row.unitsSold)}</td>
              <td className={`${cell} tabular-nums`}>{row.unitsPerVote === null ? dash : oneDecimal(row.unitsPerVote)}</td>
              <td className={`${cell} tabular-nums`}>
                {percent(row.voteShare)} / {row.salesShare === null ? dash : percent(row.salesShare)}
              </td>
              <td className={`${cell} tabular-nums`}>{row.gap === null ? dash : points(row.gap)}</td>
              <td className={`${cell} tabular-nums`}>{row.weeklyUnits === null ? dash : units(row.weeklyUnits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
