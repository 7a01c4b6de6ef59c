import type { ComponentType } from 'react';
import { paths } from '../lib/paths.js';
import { lazyPage } from './lazy-page.js';

export const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.js'), 'DashboardPage');
const ProductsPage = lazyPage(() => import('../features/products/pages/products-page.js'), 'ProductsPage');
const VendingMachinesPage = lazyPage(() => import('../features/machines/pages/vending-machines-page.js'), 'VendingMachinesPage');
const VendingIssuesPage = lazyPage(() => import('../features/vending-issues/pages/vending-issues-page.js'), 'VendingIssuesPage');
const SuggestionsPage = lazyPage(() => import('../features/suggestions/pages/suggestions-page.js'), 'SuggestionsPage');

export interface OperatorRoute {
  path: string;
  /** The page, once it is built. Known paths without one still send signed-out visitors to sign in. */
  Page?: ComponentType;
  /** Only admins may open it; operators see the 404 page. */
  adminOnly?: boolean;
}

/**
 * Every operator page of spec 2.1, the single list the router and the sidebar read.
 * To ship a page, set its `Page`; the route and its sidebar entry then appear by themselves.
 */
export const OPERATOR_ROUTES: readonly OperatorRoute[] = [
  { path: paths.dashboard, Page: DashboardPage },
  { path: paths.products, Page: ProductsPage },
  { path: paths.vendingMachines, Page: VendingMachinesPage },
  { path: paths.vendingIssues, Page: VendingIssuesPage },
  { path: paths.resources },
  { path: paths.cleaningKits },
  { path: paths.cardReaders },
  { path: paths.toolkits },
  { path: paths.inventoryAnalytics },
  { path: paths.demographics },
  { path: paths.donationHub },
  { path: paths.education },
  { path: paths.affiliateSetup },
  { path: paths.adminPanel, adminOnly: true },
  { path: paths.productImport },
  { path: paths.settings },
  { path: paths.adminFeatureRequests },
  { path: paths.adminSuggestions, Page: SuggestionsPage },
];

const builtPages = new Set(OPERATOR_ROUTES.filter((route) => route.Page).map((route) => route.path));

/** True when the operator page at `path` has been built (so the sidebar may link to it). */
export function hasOperatorPage(path: string): boolean {
  return builtPages.has(path);
}
