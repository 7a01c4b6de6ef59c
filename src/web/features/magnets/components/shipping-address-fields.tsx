import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { MagnetCountry } from '../../../../shared/magnet-pricing.js';
import { MagnetMessages } from '../../../../shared/magnets.schemas.js';
import { TextField } from '../../../components/ui/text-field.js';
import { ADDRESS_FIELDS, addressLabels, isMissingInformation, type AddressField, type MagnetOrderFormInput } from '../order-form.js';

const AUTOCOMPLETE: Record<AddressField, string> = {
  fullName: 'shipping name',
  addressLine1: 'shipping address-line1',
  addressLine2: 'shipping address-line2',
  city: 'shipping address-level2',
  state: 'shipping address-level1',
  zipCode: 'shipping postal-code',
};

interface ShippingAddressFieldsProps {
  register: UseFormRegister<MagnetOrderFormInput>;
  errors: FieldErrors<MagnetOrderFormInput>['shippingAddress'];
  country: MagnetCountry;
}

/**
 * Where the magnets go (spec core 5). An empty required field is marked, and the one sentence
 * saying so stands once above the fields rather than under each; other messages (too long, the
 * server's) stand under their field.
 */
export function ShippingAddressFields({ register, errors, country }: ShippingAddressFieldsProps) {
  const missingId = useId();
  const labels = addressLabels(country);
  const anyMissing = ADDRESS_FIELDS.some((name) => isMissingInformation(errors?.[name]?.message));

  const field = (name: AddressField, required: boolean) => {
    const error = errors?.[name];
    // A missing field is marked and points at the sentence above; TextField shows other messages itself.
    const missing = isMissingInformation(error?.message) ? { 'aria-invalid': true, 'aria-describedby': missingId } : {};
    return (
      <TextField
        label={labels[name]}
        autoComplete={AUTOCOMPLETE[name]}
        aria-required={required || undefined}
        error={isMissingInformation(error?.message) ? undefined : error?.message}
        {...missing}
        {...register(`shippingAddress.${name}`)}
      />
    );
  };

  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 text-base font-semibold">Shipping address</legend>
      {anyMissing ? (
        <p id={missingId} role="alert" className="text-sm font-medium text-destructive-text">
          {MagnetMessages.missingInformationText}
        </p>
      ) : null}
      {field('fullName', true)}
      {field('addressLine1', true)}
      {field('addressLine2', false)}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('city', true)}
        {field('state', true)}
        {field('zipCode', true)}
      </div>
    </fieldset>
  );
}
