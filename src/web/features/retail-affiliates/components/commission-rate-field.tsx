import type { UseFormReturn } from 'react-hook-form';
import { COMMISSION_RATE, type RetailConfigInput } from '../../../../shared/retail-affiliates.schemas.js';
import { TextField } from '../../../components/ui/text-field.js';
import type { RetailConfigScope } from '../api.js';
import { maxRateFor, rateFromInput, type RetailConfigFormValues } from '../retail-config-form.js';

interface CommissionRateFieldProps {
  scope: RetailConfigScope;
  form: UseFormReturn<RetailConfigFormValues, unknown, RetailConfigInput>;
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
      label="Commission Rate (%)"
      type="number"
      inputMode="decimal"
      min={0}
      max={max}
      step={COMMISSION_RATE.step}
      className="sm:max-w-xs"
      hint={`From 0 to ${max}%, default ${COMMISSION_RATE.default}%. Amazon pays 1-10%, the warehouse club 1.6% plus 12% on memberships.`}
      error={form.formState.errors.affiliateCommissionRate?.message}
      {...registration}
    />
  );
}
