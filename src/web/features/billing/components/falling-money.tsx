import { Banknote } from 'lucide-react';

/** Bills spread evenly across the width, each with its own pace, so the fall never lines up. */
const BILLS = Array.from({ length: 14 }, (_, index) => ({
  left: `${(index * 7.1 + 3) % 100}%`,
  top: `${(index * 37) % 90}%`,
  durationS: 6 + ((index * 5) % 7),
  delayS: -((index * 1.7) % 9),
  sizePx: 20 + ((index * 7) % 16),
}));

/**
 * The falling-money celebration of the success page: decoration only, hidden from assistive
 * technology. With reduced motion the bills stay where they are (styles.css).
 */
export function FallingMoney() {
  return (
    <div aria-hidden="true" data-testid="falling-money" className="pointer-events-none fixed inset-0 overflow-hidden">
      {BILLS.map((bill, index) => (
        <Banknote
          key={index}
          className="money-fall absolute text-emerald-500/60"
          style={{
            left: bill.left,
            top: bill.top,
            width: bill.sizePx,
            height: bill.sizePx,
            animationDuration: `${bill.durationS}s`,
            animationDelay: `${bill.delayS}s`,
          }}
        />
      ))}
    </div>
  );
}
