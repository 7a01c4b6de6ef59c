import {
  CatalogItemInputSchema,
  type Catalogue,
  type CatalogItem,
  type CatalogItemInput,
} from '../../../shared/resources-hub.schemas.js';

/** The one field each catalogue has of its own: readers an installation, toolkits a warranty, cleaning kits a saving. */
export const CATALOGUE_FIELD = {
  'cleaning-kits': 'businessSavingsPercent',
  'card-readers': 'installation',
  toolkits: 'warranty',
} as const satisfies Record<Catalogue, keyof CatalogItemInput>;
export type CatalogueField = (typeof CATALOGUE_FIELD)[Catalogue];

/** What the add/edit form holds: text as typed (numbers too), features one per row. */
export interface CatalogItemFormValues {
  name: string;
  brand: string;
  description: string;
  category: string;
  slug: string;
  price: string;
  originalPrice: string;
  rating: string;
  reviewCount: string;
  features: { value: string }[];
  retailerProductId: string;
  inStock: boolean;
  bestseller: boolean;
  popular: boolean;
  installation: string;
  warranty: string;
  businessSavingsPercent: string;
}

/** The form's fields the server may name in a refusal (features are named per row). */
export const CATALOG_FORM_FIELDS = [
  'name',
  'brand',
  'description',
  'category',
  'slug',
  'price',
  'originalPrice',
  'rating',
  'reviewCount',
  'retailerProductId',
  'installation',
  'warranty',
  'businessSavingsPercent',
] as const;

/** The form filled from an item being edited, or empty for a new one. */
export function catalogFormValuesOf(item: CatalogItem | null): CatalogItemFormValues {
  return {
    name: item?.name ?? '',
    brand: item?.brand ?? '',
    description: item?.description ?? '',
    category: item?.category ?? '',
    slug: item?.slug ?? '',
    price: item?.price ?? '',
    originalPrice: item?.originalPrice ?? '',
    rating: item?.rating ?? '',
    reviewCount: item ? String(item.reviewCount) : '0',
    features: (item?.features ?? []).map((value) => ({ value })),
    retailerProductId: item?.retailerProductId ?? '',
    inStock: item?.inStock ?? true,
    bestseller: item?.bestseller ?? false,
    popular: item?.popular ?? false,
    installation: item?.installation ?? '',
    warranty: item?.warranty ?? '',
    businessSavingsPercent: String(item?.businessSavingsPercent ?? ''),
  };
}

/** A typed number, or NaN for anything else so the schema answers with its own message. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const nullWhenBlank = <T>(text: string, read: (text: string) => T): T | null => (text.trim() === '' ? null : read(text));

/**
 * The API's body for the form: blanks become null (or the default), and only this catalogue's own
 * field is sent, so another catalogue's field is never set by accident. A blank slug on a new item
 * lets the server make one.
 */
export function catalogItemPayloadOf(values: CatalogItemFormValues, catalogue: Catalogue): CatalogItemInput {
  const slug = values.slug.trim();
  return {
    catalogue,
    ...(slug ? { slug } : {}),
    name: values.name,
    brand: values.brand,
    description: values.description,
    category: values.category,
    price: values.price,
    originalPrice: nullWhenBlank(values.originalPrice, (text) => text),
    rating: nullWhenBlank(values.rating, numberOf),
    reviewCount: values.reviewCount.trim() === '' ? 0 : numberOf(values.reviewCount),
    features: values.features.map((feature) => feature.value),
    retailerProductId: values.retailerProductId,
    inStock: values.inStock,
    bestseller: values.bestseller,
    popular: values.popular,
    ...ownFieldOf(values, catalogue),
  };
}

function ownFieldOf(values: CatalogItemFormValues, catalogue: Catalogue): Partial<CatalogItemInput> {
  const text = (value: string) => nullWhenBlank(value, (typed) => typed.trim());
  if (catalogue === 'cleaning-kits') return { businessSavingsPercent: nullWhenBlank(values.businessSavingsPercent, numberOf) };
  if (catalogue === 'card-readers') return { installation: text(values.installation) };
  return { warranty: text(values.warranty) };
}

/** An API field path as the form names it: the server's 'features.2' is the form's 'features.2.value'. */
export function formPathOf(apiPath: string): string | undefined {
  const feature = /^features\.(\d+)$/.exec(apiPath);
  if (feature) return `features.${feature[1]}.value`;
  if (apiPath === 'features') return 'features';
  return (CATALOG_FORM_FIELDS as readonly string[]).includes(apiPath) ? apiPath : undefined;
}

/** Each API field message, keyed by the form's path; messages for fields the form lacks are left out. */
export function formErrorsOf(apiErrors: Record<string, string> | undefined): [string, string][] {
  return Object.entries(apiErrors ?? {}).flatMap(([path, message]): [string, string][] => {
    const field = formPathOf(path);
    return field ? [[field, message]] : [];
  });
}

/** Checks the form with the server's own schema and messages; an empty list means it may be sent. */
export function checkCatalogItemForm(values: CatalogItemFormValues, catalogue: Catalogue): [string, string][] {
  const result = CatalogItemInputSchema.safeParse(catalogItemPayloadOf(values, catalogue));
  if (result.success) return [];
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return formErrorsOf(errors);
}
