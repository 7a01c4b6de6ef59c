import { describe, expect, test } from 'vitest';
import { CatalogItemInputSchema, slugify, type CatalogItem } from '../../src/shared/resources-hub.schemas.js';
import {
  catalogFormValuesOf,
  catalogItemPayloadOf,
  checkCatalogItemForm,
  formErrorsOf,
  formPathOf,
  type CatalogItemFormValues,
} from '../../src/web/features/resources-hub/catalog-item-form.js';

const filled = (changes: Partial<CatalogItemFormValues> = {}): CatalogItemFormValues => ({
  ...catalogFormValuesOf(null),
  name: 'Precision Screwdriver Set',
  category: 'Tool Sets',
  price: '19.99',
  retailerProductId: 'b08abc1234',
  ...changes,
});

const stored: CatalogItem = {
  id: 7,
  catalogue: 'card-readers',
  slug: 'nayax-vpos-touch',
  name: 'Nayax VPOS Touch',
  brand: 'Nayax',
  description: 'Cashless reader',
  category: 'Vending Readers',
  price: '349.00',
  originalPrice: null,
  rating: '4.4',
  reviewCount: 120,
  features: ['NFC', 'Telemetry'],
  retailer: 'amazon',
  retailerProductId: 'B07ABCDEFG',
  retailerUrl: 'https://www.amazon.com/dp/B07ABCDEFG',
  inStock: false,
  bestseller: true,
  popular: false,
  installation: 'Professional install',
  warranty: null,
  businessSavingsPercent: null,
  sortOrder: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('slugs made from a name', () => {
  test('lowercase words joined by dashes, accents and punctuation dropped', () => {
    expect(slugify('Square Reader (2nd gen)')).toBe('square-reader-2nd-gen');
    expect(slugify('  Café—Kit: 3 in 1!  ')).toBe('cafe-kit-3-in-1');
    expect(slugify('***')).toBe('');
    expect(slugify('a'.repeat(150))).toHaveLength(120);
  });
});

describe('the catalogue item form', () => {
  test('an item being edited fills every field; a new one starts empty, in stock, with no reviews', () => {
    const values = catalogFormValuesOf(stored);
    expect(values).toMatchObject({ name: 'Nayax VPOS Touch', rating: '4.4', reviewCount: '120', originalPrice: '', inStock: false, bestseller: true });
    expect(values.features).toEqual([{ value: 'NFC' }, { value: 'Telemetry' }]);
    expect(values.installation).toBe('Professional install');
    expect(catalogFormValuesOf(null)).toMatchObject({ name: '', reviewCount: '0', inStock: true, features: [], businessSavingsPercent: '' });
  });

  test('blanks become null or the default, numbers are read, and only the catalogue’s own field is sent', () => {
    const payload = catalogItemPayloadOf(filled({ rating: '4.5', reviewCount: '', warranty: ' Lifetime ', installation: 'ignored', businessSavingsPercent: '20' }), 'toolkits');
    expect(payload).toMatchObject({ catalogue: 'toolkits', originalPrice: null, rating: 4.5, reviewCount: 0, warranty: 'Lifetime' });
    expect(payload).not.toHaveProperty('installation');
    expect(payload).not.toHaveProperty('businessSavingsPercent');
    // No slug: the server makes one.
    expect(payload).not.toHaveProperty('slug');
    expect(catalogItemPayloadOf(filled({ businessSavingsPercent: '15' }), 'cleaning-kits')).toMatchObject({ businessSavingsPercent: 15 });
    expect(catalogItemPayloadOf(filled({ installation: '' }), 'card-readers')).toMatchObject({ installation: null });
    // What the form sends is what the server accepts.
    expect(CatalogItemInputSchema.safeParse(payload).success).toBe(true);
  });

  test('a stored item edited without changes sends its own values back', () => {
    const payload = catalogItemPayloadOf(catalogFormValuesOf(stored), 'card-readers');
    expect(payload).toMatchObject({ slug: 'nayax-vpos-touch', price: '349.00', rating: 4.4, reviewCount: 120, features: ['NFC', 'Telemetry'], inStock: false });
    expect(checkCatalogItemForm(catalogFormValuesOf(stored), 'card-readers')).toEqual([]);
  });

  test('the server’s own messages land on the form’s fields, each feature on its row', () => {
    const problems = Object.fromEntries(
      checkCatalogItemForm(
        filled({ name: ' ', price: '19.999', rating: 'high', reviewCount: '2.5', retailerProductId: 'short', slug: 'Bad Slug', features: [{ value: 'ok' }, { value: ' ' }] }),
        'toolkits',
      ),
    );
    expect(problems).toEqual({
      name: 'Name is required',
      price: 'Price must be an amount such as 19.99',
      rating: 'Rating must be a number',
      reviewCount: 'Review count must be a whole number',
      retailerProductId: 'The Amazon ASIN is 10 letters and digits',
      slug: 'Slug must be lowercase letters, digits and dashes',
      'features.1.value': 'A feature cannot be empty',
    });
    expect(Object.fromEntries(checkCatalogItemForm(filled({ businessSavingsPercent: '101' }), 'cleaning-kits'))).toHaveProperty('businessSavingsPercent');
    expect(checkCatalogItemForm(filled(), 'toolkits')).toEqual([]);
  });

  test('API field paths map to form paths; fields the form lacks are left out', () => {
    expect(formPathOf('features.3')).toBe('features.3.value');
    expect(formPathOf('features')).toBe('features');
    expect(formPathOf('price')).toBe('price');
    expect(formPathOf('sortOrder')).toBeUndefined();
    expect(formErrorsOf({ catalogue: 'Unknown catalogue', warranty: 'Must be at most 200 characters' })).toEqual([['warranty', 'Must be at most 200 characters']]);
    expect(formErrorsOf(undefined)).toEqual([]);
  });
});
