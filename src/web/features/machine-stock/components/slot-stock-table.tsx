import type { SlotStock } from '../../../../shared/slot-stock.schemas.js';
import { Badge } from '../../../components/ui/badge.js';
import { ScrollFrame } from '../../../components/ui/scroll-frame.js';
import { basisText, isSoldOut, oneDecimal } from '../stock-format.js';
import { FigureLabel } from '../../../components/figure-info.js';

const cell = 'px-3 py-2 text-left align-top';

function StockCell({ slot }: { slot: SlotStock }) {
  if (slot.stock === null) return <td className={`${cell} text-muted-foreground`}>—</td>;
  return (
    <td className={`${cell} whitespace-nowrap tabular-nums`}>
      {oneDecimal(slot.stock)}
      {isSoldOut(slot) ? (
        <Badge variant="destructive" className="ml-2">
          Sold out
        </Badge>
      ) : null}
    </td>
  );
}

/** Each slot's stock now, with what the figure rests on. */
export function SlotStockTable({ slots, machineName }: { slots: SlotStock[]; machineName: string }) {
  return (
    <ScrollFrame label={`Stock now in ${machineName}`}>
      <table className="w-full min-w-[40rem] text-sm" aria-label={`Stock now in ${machineName}`}>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>Slot</th>
            <th scope="col" className={cell}>Product</th>
            <th scope="col" className={cell}>Par</th>
            <th scope="col" className={cell}>
              <FigureLabel figure="stockNow">Stock now</FigureLabel>
            </th>
            <th scope="col" className={cell}>To par</th>
            <th scope="col" className={cell}>Based on</th>
          </tr>
        </thead>
        <tbody>
          {slots.map((slot) => {
            const basis = basisText(slot);
            return (
              <tr key={slot.code} className="border-b last:border-0" data-testid="slot-stock">
                <th scope="row" className={`${cell} font-mono font-medium`}>{slot.code}</th>
                <td className={cell}>{slot.productName ?? <span className="text-muted-foreground">—</span>}</td>
                <td className={`${cell} tabular-nums`}>{slot.par}</td>
                <StockCell slot={slot} />
                <td className={`${cell} tabular-nums`}>{slot.productId === null ? '—' : slot.toPar}</td>
                <td className={cell}>
                  {basis.text}
                  {basis.qualifier ? <span className="block text-xs text-muted-foreground">{basis.qualifier}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
