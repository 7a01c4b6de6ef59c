import type { ProductCategory } from '../../shared/catalog.js';

/** The demo operator's catalogue: products a real snack route carries, with relative demand. */
export const DEMO_PRODUCTS: { name: string; brand: string; category: ProductCategory; price: string; demand: number }[] = [
  { name: 'Classic Potato Chips', brand: "Lay's", category: 'Chips', price: '1.75', demand: 9 },
  { name: 'Nacho Cheese Tortilla Chips', brand: 'Doritos', category: 'Chips', price: '1.75', demand: 10 },
  { name: 'Sea Salt Kettle Chips', brand: 'Kettle Brand', category: 'Chips', price: '2.00', demand: 4 },
  { name: 'Original Beef Jerky', brand: "Jack Link's", category: 'Beef Jerky', price: '3.50', demand: 6 },
  { name: 'Teriyaki Beef Stick', brand: 'Slim Jim', category: 'Beef Jerky', price: '2.25', demand: 3 },
  { name: 'Roasted Salted Almonds', brand: 'Blue Diamond', category: 'Nuts', price: '2.25', demand: 5 },
  { name: 'Honey Roasted Peanuts', brand: "Planters", category: 'Nuts', price: '1.50', demand: 3 },
  { name: 'Trail Mix', brand: 'Nature Valley', category: 'Nuts', price: '2.50', demand: 4 },
  { name: 'Original Mini Cheese', brand: 'Babybel', category: 'Cheese', price: '2.75', demand: 2 },
  { name: 'String Cheese', brand: 'Sargento', category: 'Cheese', price: '2.00', demand: 2 },
  { name: 'Chocolate Peanut Bar', brand: 'Snickers', category: 'Sweets', price: '1.75', demand: 9 },
  { name: 'Peanut Butter Cups', brand: "Reese's", category: 'Sweets', price: '1.75', demand: 8 },
  { name: 'Sour Gummy Worms', brand: 'Trolli', category: 'Sweets', price: '1.50', demand: 3 },
  { name: 'Energy Drink 8.4 oz', brand: 'Red Bull', category: 'Energy Drinks', price: '3.25', demand: 7 },
  { name: 'Zero Sugar Energy', brand: 'Monster', category: 'Energy Drinks', price: '3.25', demand: 6 },
  { name: 'Cola 20 oz', brand: 'Coca-Cola', category: 'Soda', price: '2.25', demand: 8 },
  { name: 'Lemon-Lime Soda 20 oz', brand: 'Sprite', category: 'Soda', price: '2.25', demand: 4 },
  { name: 'Sparkling Water', brand: 'LaCroix', category: 'Soda', price: '1.75', demand: 3 },
  { name: 'Green Tea with Honey', brand: 'AriZona', category: 'Tea', price: '1.50', demand: 4 },
  { name: 'Unsweetened Iced Tea', brand: 'Pure Leaf', category: 'Tea', price: '2.50', demand: 2 },
  { name: 'Cold Brew Coffee', brand: 'Starbucks', category: 'Coffee', price: '3.75', demand: 5 },
  { name: 'Mocha Frappuccino', brand: 'Starbucks', category: 'Coffee', price: '3.50', demand: 4 },
  { name: 'Turkey & Swiss Sandwich', brand: 'Fresh Market Deli', category: 'Lunches', price: '5.99', demand: 3 },
  { name: 'Chicken Caesar Wrap', brand: 'Fresh Market Deli', category: 'Lunches', price: '6.49', demand: 2 },
];

export const DEMO_MACHINES = [
  {
    name: 'Lobby Snack Machine',
    location: 'Riverside Office Park, Building A lobby',
    address: '1200 Riverside Dr, Austin, TX 78741',
    type: 'snacks' as const,
    serialNumber: 'VV-SNK-20417',
  },
  {
    name: 'Break Room Combo',
    location: 'Eastside Distribution Center, break room',
    address: '88 Industrial Blvd, Austin, TX 78724',
    type: 'combo' as const,
    serialNumber: 'VV-CMB-31092',
  },
];

const DAY = 86_400_000;

/** Customer ideas the demo operator has received; `daysAgo` places them in the history. */
export const DEMO_SUGGESTIONS = [
  { name: 'Spicy Sweet Chili Chips', brand: 'Doritos', category: 'Chips' as const, suggestedBy: 'Marcus', machine: 0, status: 'pending' as const, daysAgo: 1 },
  { name: 'Protein Bar Chocolate Chip', brand: 'Quest', category: 'Sweets' as const, suggestedBy: null, machine: 1, status: 'pending' as const, daysAgo: 2 },
  { name: 'Mango Black Tea', brand: 'Snapple', category: 'Tea' as const, suggestedBy: 'Priya', machine: 0, status: 'pending' as const, daysAgo: 4 },
  { name: 'Cashew Halves', brand: 'Wonderful', category: 'Nuts' as const, suggestedBy: 'Tom', machine: 1, status: 'declined' as const, daysAgo: 12 },
];

/** Problems customers reported at the demo machines. */
export const DEMO_ISSUES = [
  { machine: 0, customerName: 'Alex Rivera', customerEmail: 'alex.rivera@example.com', productName: 'Cola 20 oz', issueDescription: 'Paid with card but the bottle got stuck in the spiral.', status: 'open' as const, daysAgo: 0 },
  { machine: 1, customerName: 'Jamie Chen', customerEmail: 'jamie.chen@example.com', productName: 'Turkey & Swiss Sandwich', issueDescription: 'The sandwich was past its date.', status: 'investigating' as const, daysAgo: 2 },
  { machine: 0, customerName: 'Sam Patel', customerEmail: 'sam.patel@example.com', productName: 'Energy Drink 8.4 oz', issueDescription: null, status: 'resolved' as const, daysAgo: 9 },
];

export const daysBefore = (now: Date, days: number, hour = 15) => {
  const at = new Date(now.getTime() - days * DAY);
  at.setUTCHours(hour, 20, 0, 0);
  return at > now ? new Date(now.getTime() - 30 * 60_000) : at;
};
