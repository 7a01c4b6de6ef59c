/** The shapes of Printify's API that VendVote sends and reads (https://developers.printify.com/). */

/** Printify's shipping methods: 1 standard, 2 priority, 3 express, 4 economy. */
export type PrintifyShippingMethod = 1 | 2 | 3 | 4;

export interface PrintifyAddress {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  country: string;
  region: string;
  address1: string;
  address2?: string;
  city: string;
  zip: string;
}

/** Where a shipping quote is for: the place and the name, without contact details. */
export type PrintifyShippingAddress = Omit<PrintifyAddress, 'email' | 'phone'>;

/** A full name as Printify's first and last name: the last word is the last name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/);
  const last = words.length > 1 ? words.pop()! : words[0]!;
  return { first_name: words.join(' '), last_name: last };
}

export interface PrintifyCatalogVariant {
  id: number;
  title: string;
  options: Record<string, string>;
  placeholders: { position: string; width: number; height: number }[];
}

/** A variant of a product in the shop: unlike the catalogue, it carries what Printify charges (`cost`, cents). */
export interface PrintifyProductVariant {
  id: number;
  title: string;
  sku?: string;
  cost: number;
  price: number;
  is_enabled: boolean;
}

export interface PrintifyProduct {
  id: string;
  title: string;
  blueprint_id: number;
  print_provider_id: number;
  variants: PrintifyProductVariant[];
}

export interface PrintifyBlueprintVariants {
  id: number;
  title: string;
  variants: PrintifyCatalogVariant[];
}

/** Shipping costs in cents per method; Printify leaves out the methods the items cannot ship by. */
export interface PrintifyShippingCosts {
  standard?: number;
  priority?: number;
  express?: number;
  printify_express?: number;
  economy?: number;
}

export interface PrintifyShipment {
  carrier: string;
  number: string;
  url: string;
  delivered_at: string | null;
}

export interface PrintifyOrderLineItem {
  variant_id: number;
  quantity: number;
  print_provider_id: number;
  blueprint_id?: number;
  cost: number;
  shipping_cost: number;
  status: string;
}

/** The order fields we read. Money is in cents. */
export interface PrintifyOrder {
  id: string;
  external_id?: string;
  label?: string;
  status: string;
  shipping_method: number;
  line_items: PrintifyOrderLineItem[];
  address_to: PrintifyAddress;
  total_price: number;
  total_shipping: number;
  total_tax: number;
  shipments: PrintifyShipment[];
  created_at: string;
  sent_to_production_at: string | null;
  fulfilled_at: string | null;
}

export interface PrintifyOrderPage {
  current_page: number;
  last_page?: number;
  total?: number;
  data: PrintifyOrder[];
}

/** A line of a catalogue item: which blueprint, from which print provider, in which variant. */
export interface PrintifyCatalogItem {
  blueprintId: number;
  printProviderId: number;
  variantId: number;
  quantity: number;
}

/** An item made on the fly from a catalogue item and the public address of the image to print on its front. */
export interface PrintifyOrderItem extends PrintifyCatalogItem {
  printAreas: { front: string };
}

export interface CreatePrintifyOrder {
  /** Our own order id: the key to find the order again if Printify's answer is lost. */
  externalId: string;
  label?: string;
  lineItems: PrintifyOrderItem[];
  shippingMethod: PrintifyShippingMethod;
  sendShippingNotification: boolean;
  addressTo: PrintifyAddress;
}
