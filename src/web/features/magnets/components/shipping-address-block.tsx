import type { MagnetOrderView } from '../../../../shared/magnets.schemas.js';
import { cn } from '../../../lib/cn.js';
import { addressLines } from '../order-format.js';

/** Where an order goes, a line each, and the operator's special instructions when there are any. */
export function ShippingAddressBlock({ order, instructionsClassName }: { order: MagnetOrderView; instructionsClassName?: string }) {
  return (
    <>
      <address className="not-italic">
        {addressLines(order.shippingAddress).map((line, index) => (
          <span key={index} className="block break-words">
            {line}
          </span>
        ))}
      </address>
      {order.specialInstructions ? (
        <p className={cn(instructionsClassName)}>
          <span className="text-muted-foreground">Special instructions: </span>
          <span className="break-words">{order.specialInstructions}</span>
        </p>
      ) : null}
    </>
  );
}
