import { formatCharge } from '../../../shared/money.js';
import { useSettings } from './api.js';

/**
 * How our charges (magnets, plans) read for the signed-in operator: US dollars, marked 'US$' when
 * they keep another currency (src/shared/money.ts). Until the settings load, plain dollars.
 */
export function useChargeFormat(): (amount: string | number) => string {
  const currency = useSettings().data?.preferences.currency ?? 'USD';
  return (amount) => formatCharge(amount, currency);
}
