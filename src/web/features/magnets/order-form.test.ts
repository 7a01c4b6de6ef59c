import { formatCharge } from '../../../shared/money.js';
import { describe, expect, it } from 'vitest';
import { MagnetMessages } from '../../../shared/magnets.schemas.js';
import {
  EMPTY_MAGNET_ORDER_FORM,
  MagnetOrderFormSchema,
  addressLabels,
  addressProblemsOf,
  countryName,
  isMissingInformation,
  orderButtonLabel,
  quoteAddressOf,
} from './order-form.js';

const ADDRESS = { fullName: 'Sam Rivera', addressLine1: '1 Main St', addressLine2: '', city: 'Springfield', state: 'IL', zipCode: '62701' };

describe('the order button', () => {
  it('names the total when the operator pays on Stripe first', () => {
    expect(orderButtonLabel({ tier: 'free', payment: 'checkout', total: '54.89' })).toBe('Pay $54.89 & Order');
    // A trial, or a plan without a running subscription, pays first too: the quote says so.
    expect(orderButtonLabel({ tier: 'growth', payment: 'checkout', total: '54.89' })).toBe('Pay $54.89 & Order');
  });

  it('places the order when it goes on the next invoice', () => {
    expect(orderButtonLabel({ tier: 'growth', payment: 'invoice', total: '54.89' })).toBe('Place Order');
    expect(orderButtonLabel({ tier: 'enterprise', payment: 'invoice', total: '54.89' })).toBe('Place Order');
  });

  it('promises no payment when the install has no billing', () => {
    expect(orderButtonLabel({ tier: 'free', payment: 'manual', total: '54.89' })).toBe('Place Order for Manual Fulfilment');
    expect(orderButtonLabel({ tier: 'growth', payment: 'manual', total: undefined })).toBe('Place Order for Manual Fulfilment');
  });

  it('goes by the plan when the quote does not say (spec core 2.9: the free tier pays first)', () => {
    expect(orderButtonLabel({ tier: 'free', payment: undefined, total: '54.89' })).toBe('Pay $54.89 & Order');
    expect(orderButtonLabel({ tier: 'growth', payment: undefined, total: '54.89' })).toBe('Place Order');
  });

  it('names no figure while the price is not known (the button is disabled then)', () => {
    expect(orderButtonLabel({ tier: 'free', payment: undefined, total: undefined })).toBe('Pay & Order');
    // An operator who keeps euros sees the charge marked as US dollars.
    expect(orderButtonLabel({ tier: 'free', payment: 'checkout', total: '54.89', format: (amount) => formatCharge(amount, 'EUR') })).toBe('Pay US$54.89 & Order');
    expect(orderButtonLabel({ tier: 'growth', payment: 'checkout', total: undefined })).toBe('Pay & Order');
    expect(orderButtonLabel({ tier: undefined, payment: undefined, total: undefined })).toBe('Place Order');
  });
});

describe('the address a quote is priced with', () => {
  it('is sent once every required field is filled, trimmed, without an empty second line', () => {
    expect(quoteAddressOf({ ...ADDRESS, fullName: '  Sam Rivera ' })).toEqual({
      fullName: 'Sam Rivera',
      addressLine1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    });
    expect(quoteAddressOf({ ...ADDRESS, addressLine2: ' Suite 4 ' })).toMatchObject({ addressLine2: 'Suite 4' });
  });

  it('is left out while a required field is empty, blank or too long', () => {
    for (const field of ['fullName', 'addressLine1', 'city', 'state', 'zipCode'] as const) {
      expect(quoteAddressOf({ ...ADDRESS, [field]: '' }), field).toBeUndefined();
      expect(quoteAddressOf({ ...ADDRESS, [field]: '   ' }), field).toBeUndefined();
    }
    expect(quoteAddressOf({ ...ADDRESS, zipCode: '1'.repeat(21) })).toBeUndefined();
    expect(quoteAddressOf(EMPTY_MAGNET_ORDER_FORM.shippingAddress)).toBeUndefined();
  });
});

describe('the order form', () => {
  it('marks every empty required address field with the one missing-information message', () => {
    const result = MagnetOrderFormSchema.safeParse(EMPTY_MAGNET_ORDER_FORM);
    expect(result.success).toBe(false);
    const missing = result.error!.issues.filter((issue) => isMissingInformation(issue.message)).map((issue) => issue.path.join('.'));
    expect(missing.sort()).toEqual(['shippingAddress.addressLine1', 'shippingAddress.city', 'shippingAddress.fullName', 'shippingAddress.state', 'shippingAddress.zipCode']);
    expect(isMissingInformation(MagnetMessages.missingInformationText)).toBe(true);
    expect(isMissingInformation('Must be at most 200 characters')).toBe(false);
  });

  it('takes a full address with the optional fields left empty as none', () => {
    const result = MagnetOrderFormSchema.parse({ shippingAddress: ADDRESS, specialInstructions: '' });
    expect(result.shippingAddress.addressLine2).toBeNull();
    expect(result.specialInstructions).toBeNull();
  });

  it('refuses special instructions past their limit', () => {
    const result = MagnetOrderFormSchema.safeParse({ shippingAddress: ADDRESS, specialInstructions: 'x'.repeat(1001) });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['specialInstructions']);
  });
});

describe('address labels', () => {
  it('follow the country', () => {
    expect(addressLabels('US')).toMatchObject({ state: 'State', zipCode: 'ZIP Code' });
    expect(addressLabels('CA')).toMatchObject({ state: 'Province', zipCode: 'Postal Code' });
    expect(countryName('US')).toBe('United States');
    expect(countryName('CA')).toBe('Canada');
  });
});

describe('what the printer would refuse', () => {
  it('a state of the other country, or a ZIP of the wrong shape', () => {
    expect(addressProblemsOf('US', { state: 'Illinois', zipCode: '62701' })).toEqual({});
    expect(addressProblemsOf('CA', { state: 'ON', zipCode: 'm5v 2t6' })).toEqual({});
    expect(addressProblemsOf('CA', { state: 'IL', zipCode: '62701' })).toEqual({
      state: 'Enter a Canadian province, such as ON or Ontario',
      zipCode: 'Enter a postal code, such as K1A 0B1',
    });
    expect(addressProblemsOf('US', { state: 'Nowhere', zipCode: '627' })).toEqual({
      state: 'Enter a US state, such as IL or Illinois',
      zipCode: 'Enter a 5-digit ZIP code, such as 62701',
    });
  });
});
