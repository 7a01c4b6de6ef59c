/** Product categories of the catalogue, the filters and suggestions (spec core 3). */
export const PRODUCT_CATEGORIES = [
  'Chips',
  'Beef Jerky',
  'Nuts',
  'Cheese',
  'Sweets',
  'Energy Drinks',
  'Soda',
  'Tea',
  'Coffee',
  'Lunches',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Machine types with their labels (spec core 3). */
export const MACHINE_TYPES = {
  snacks: 'Snacks & Beverages',
  beverages: 'Beverages Only',
  combo: 'Combo Machine',
  food: 'Fresh Food',
  coffee: 'Coffee & Hot Drinks',
} as const;
export type MachineType = keyof typeof MACHINE_TYPES;

export const MACHINE_STATUSES = ['active', 'maintenance', 'inactive'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];
