import type { UseFormReturn } from 'react-hook-form';
import { COMMISSION_RATE, type RetailConfigInput } from '../../../../shared/retail-affiliates.schemas.js';
import { COMMISSION_RATE_PERCENT } from '../../../../shared/affiliates.schemas.js';
import { TextField } from '../../../components/ui/text-field.js';
import type { RetailConfigScope } from '../api.js';
import { maxRateFor, rateFromInput, type RetailConfigFormValues } from '../retail-config-form.js';

interface CommissionRateFieldProps {
  scope: RetailConfigScope;
  form: UseFormReturn<RetailConfigFormValues, unknown, RetailConfigInput>;
}

/**
 * What the rate is, where it applies, and what it is not: the retailer's payment to the holder of the
 * affiliate tag, kept with these settings as a note; nothing in VendVote computes earnings from it,
 * and it has nothing to do with the 40% our own affiliate program pays.
 */
function commissionRateHint(scope: RetailConfigScope, max: number): string {
  const whose = scope === 'admin' ? 'the platform\u2019s tag earns' : 'you earn';
  return (
    `The share of each sale ${whose} from the retailer\u2019s affiliate program (Amazon Associates pays 1-10% by category) when someone buys through the resource hub\u2019s links. ` +
    `Kept here for reference only: VendVote does not compute or pay anything from it, and it is not the ${COMMISSION_RATE_PERCENT}% our affiliate program pays. From 0 to ${max}%, default ${COMMISSION_RATE.default}%.`
  );
}

/**
 * The commission rate, 0-15% for operators and 0-100% in the admin panel, in steps of 0.1. What is not
 * a number becomes 0 when the field is left, so the saved value is the one on screen.
 */
export function CommissionRateField({ scope, form }: CommissionRateFieldProps) {
  const max = maxRateFor(scope);
  const registration = form.register('affiliateCommissionRate', {
    onBlur: (event: { target: HTMLInputElement }) => {
      const rate = rateFromInput(event.target.value);
      if (String(rate) !== event.target.value) form.setValue('affiliateCommissionRate', String(rate), { shouldDirty: true });
    },
  });
  return (
    <TextField
      label="Retailer commission rate (%)"
      type="number"
      inputMode="decimal"
      min={0}
      max={max}
      step={COMMISSION_RATE.step}
      className="sm:max-w-xs"
      hint={commissionRateHint(scope, max)}
      error={form.formState.errors.affiliateCommissionRate?.message}
      {...registration}
    />
  );
}
