import type { DonationRecord } from '../../../../shared/donation-hub.schemas.js';
import { dollars, recordPlace } from '../donation-format.js';

const cell = 'px-2 py-1.5';

/** One donation's lines and notes, under its row in the history. */
export function DonationDetails({ record }: { record: DonationRecord }) {
  const place = recordPlace(record);
  return (
    <div className="grid gap-3 pt-2">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Products given to {record.charityName}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>
              Product
            </th>
            <th scope="col" className={cell}>
              Brand
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Quantity
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Unit value
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Line total
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Cost basis
            </th>
          </tr>
        </thead>
        <tbody>
          {record.products.map((line, index) => (
            <tr key={index}>
              <td className={cell}>{line.name}</td>
              <td className={cell}>{line.brand || '—'}</td>
              <td className={`${cell} text-right tabular-nums`}>{line.quantity.toLocaleString('en-US')}</td>
              <td className={`${cell} text-right tabular-nums`}>{dollars(line.unitValue)}</td>
              <td className={`${cell} text-right tabular-nums`}>{dollars(line.lineTotal)}</td>
              <td className={`${cell} text-right tabular-nums`}>{line.lineCost === null ? '—' : dollars(line.lineCost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {place ? (
          <>
            <dt className="text-muted-foreground">Address</dt>
            <dd>{place}</dd>
          </>
        ) : null}
        {record.contactPerson ? (
          <>
            <dt className="text-muted-foreground">Contact person</dt>
            <dd>{record.contactPerson}</dd>
          </>
        ) : null}
        {record.totalCostBasis !== null ? (
          <>
            <dt className="text-muted-foreground">Cost basis</dt>
            <dd>{dollars(record.totalCostBasis)}</dd>
          </>
        ) : null}
        {record.inReturn ? (
          <>
            <dt className="text-muted-foreground">Received in return</dt>
            <dd>
              {record.inReturn.description} ({dollars(record.inReturn.value)})
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Notes</dt>
        <dd className="whitespace-pre-line">{record.notes || 'None'}</dd>
      </dl>
    </div>
  );
}
