import type { ComponentType } from 'react';
import { OPERATOR_PAGE_PATHS, type OperatorPageName } from '../../shared/page-routes.js';
import { lazyPage } from './lazy-page.js';

export const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.js'), 'DashboardPage');
const ProductsPage = lazyPage(() => import('../features/products/pages/products-page.js'), 'ProductsPage');
const VendingMachinesPage = lazyPage(() => import('../features/machines/pages/vending-machines-page.js'), 'VendingMachinesPage');
const VendingIssuesPage = lazyPage(() => import('../features/vending-issues/pages/vending-issues-page.js'), 'VendingIssuesPage');
const BillingPage = lazyPage(() => import('../features/billing/pages/billing-page.js'), 'BillingPage');
const SuggestionsPage = lazyPage(() => import('../features/suggestions/pages/suggestions-page.js'), 'SuggestionsPage');
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page.js'), 'SettingsPage');
const MagnetOrdersPage = lazyPage(() => import('../features/magnets/pages/magnet-orders-page.js'), 'MagnetOrdersPage');
const MagnetReceiptPage = lazyPage(() => import('../features/magnets/pages/magnet-receipt-page.js'), 'MagnetReceiptPage');
const AdminFeatureRequestsPage = lazyPage(
  () => import('../features/feature-requests/pages/admin-feature-requests-page.js'),
  'AdminFeatureRequestsPage',
);
const AdminPanelPage = lazyPage(() => import('../features/admin/pages/admin-panel-page.js'), 'AdminPanelPage');
const AdminMagnetOrdersPage = lazyPage(() => import('../features/magnets/pages/admin-magnet-orders-page.js'), 'AdminMagnetOrdersPage');
const ProductImportPage = lazyPage(() => import('../features/product-import/pages/product-import-page.js'), 'ProductImportPage');
const ResourcesPage = lazyPage(() => import('../features/resources-hub/pages/resources-page.js'), 'ResourcesPage');
const CleaningKitsPage = lazyPage(() => import('../features/resources-hub/pages/cleaning-kits-page.js'), 'CleaningKitsPage');
const CardReadersPage = lazyPage(() => import('../features/resources-hub/pages/card-readers-page.js'), 'CardReadersPage');
const ToolkitsPage = lazyPage(() => import('../features/resources-hub/pages/toolkits-page.js'), 'ToolkitsPage');
const EducationPage = lazyPage(() => import('../features/education/pages/education-page.js'), 'EducationPage');
const AffiliateSetupPage = lazyPage(() => import('../features/retail-affiliates/pages/affiliate-setup-page.js'), 'AffiliateSetupPage');

export interface OperatorRoute {
  path: string;
  /** The page, once it is built. Known paths without one still send signed-out visitors to sign in. */
  Page?: ComponentType;
  /** Only admins may open it; operators see the 404 page. */
  adminOnly?: boolean;
}

/** What the web app has for each operator page; a key per page, so none can be left out. */
const OPERATOR_PAGES: Record<OperatorPageName, Omit<OperatorRoute, 'path'>> = {
  dashboard: { Page: DashboardPage },
  route: { Page: lazyPage(() => import('../features/route/pages/route-page.js'), 'RoutePage') },
  products: { Page: ProductsPage },
  vendingMachines: { Page: VendingMachinesPage },
  machine: { Page: lazyPage(() => import('../features/machines/pages/machine-page.js'), 'MachinePage') },
  vendingIssues: { Page: VendingIssuesPage },
  resources: { Page: ResourcesPage },
  cleaningKits: { Page: CleaningKitsPage },
  cardReaders: { Page: CardReadersPage },
  toolkits: { Page: ToolkitsPage },
  inventoryAnalytics: { Page: lazyPage(() => import('../features/inventory-analytics/pages/inventory-analytics-page.js'), 'InventoryAnalyticsPage') },
  demographics: { Page: lazyPage(() => import('../features/demographics/pages/demographics-page.js'), 'DemographicsPage') },
  donationHub: { Page: lazyPage(() => import('../features/donation-hub/pages/donation-hub-page.js'), 'DonationHubPage') },
  education: { Page: EducationPage },
  affiliateSetup: { Page: AffiliateSetupPage },
  adminPanel: { Page: AdminPanelPage, adminOnly: true },
  productImport: { Page: ProductImportPage },
  salesImport: { Page: lazyPage(() => import('../features/sales-import/pages/sales-import-page.js'), 'SalesImportPage') },
  settings: { Page: SettingsPage },
  billing: { Page: BillingPage },
  adminFeatureRequests: { Page: AdminFeatureRequestsPage },
  adminSuggestions: { Page: SuggestionsPage },
  magnetOrders: { Page: MagnetOrdersPage },
  magnetOrder: { Page: MagnetReceiptPage },
  adminMagnetOrders: { Page: AdminMagnetOrdersPage, adminOnly: true },
  exports: { Page: lazyPage(() => import('../features/exports/pages/export-data-page.js'), 'ExportDataPage') },
  scanFunnel: { Page: lazyPage(() => import('../features/scan-funnel/pages/scan-funnel-page.js'), 'ScanFunnelPage') },
};


/**
 * Every operator page of spec 2.1 (the shared page table), the single list the router and the
 * sidebar read. To ship a page, set its `Page`; the route and its sidebar entry then appear by themselves.
 */
export const OPERATOR_ROUTES: readonly OperatorRoute[] = (Object.keys(OPERATOR_PAGE_PATHS) as OperatorPageName[]).map((name) => ({
  path: OPERATOR_PAGE_PATHS[name],
  ...OPERATOR_PAGES[name],
}));

const builtPages = new Set(OPERATOR_ROUTES.filter((route) => route.Page).map((route) => route.path));

/** True when the operator page at `path` has been built (so the sidebar may link to it). */
export function hasOperatorPage(path: string): boolean {
  return builtPages.has(path);
}
