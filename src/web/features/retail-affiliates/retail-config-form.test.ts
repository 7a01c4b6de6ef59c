import { describe, expect, test } from 'vitest';
import { RetailAffiliateMessages as Messages, type RetailAffiliateConfig } from '../../../shared/retail-affiliates.schemas.js';
import { rateFromInput, retailConfigFormSchema, retailFormValues, toRequestBody } from './retail-config-form.js';

const saved: RetailAffiliateConfig = {
  amazonEnabled: true,
  amazonAssociateId: 'snackshop-20',
  amazonAccessKeyId: null,
  amazonSecretKeySet: true,
  amazonSecretKeyLast4: 'x9Z2',
  amazonRegion: 'JP',
  samsClubEnabled: false,
  samsClubPublisherId: null,
  flexOffersApiKeySet: false,
  flexOffersApiKeyLast4: null,
  affiliateCommissionRate: 3.5,
  updatedAt: '2026-01-02T03:04:05.000Z',
};

describe('the retail integration form', () => {
  test('starts from the saved configuration, with empty secret fields and the rate as text', () => {
    expect(retailFormValues(saved)).toMatchObject({ amazonAssociateId: 'snackshop-20', amazonAccessKeyId: '', amazonSecretKey: '', amazonRegion: 'JP', affiliateCommissionRate: '3.5' });
  });

  test('counts a rate that is not a number as 0 (spec extended 9)', () => {
    expect(rateFromInput('')).toBe(0);
    expect(rateFromInput('abc')).toBe(0);
    expect(rateFromInput('-')).toBe(0);
    expect(rateFromInput('4.25')).toBe(4.25);
    expect(toRequestBody({ ...retailFormValues(saved), affiliateCommissionRate: 'e' }).affiliateCommissionRate).toBe(0);
  });

  test("checks with the server's rules: 0-15 for operators, 0-100 for the platform; blanks keep secrets", () => {
    const values = { ...retailFormValues(saved), affiliateCommissionRate: '40' };
    const operator = retailConfigFormSchema('operator').safeParse(values);
    expect(operator.success).toBe(false);
    expect(operator.error?.issues[0]).toMatchObject({ path: ['affiliateCommissionRate'], message: Messages.rateRange(15) });
    const admin = retailConfigFormSchema('admin').safeParse(values);
    expect(admin.data).toMatchObject({ affiliateCommissionRate: 40, amazonSecretKey: undefined, amazonAccessKeyId: null, clearAmazonSecretKey: false });
  });
});
