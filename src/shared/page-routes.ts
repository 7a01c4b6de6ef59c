/**
 * The paths the browser may open (spec 2.1 with DECISIONS 8): the web app's router is built from
 * these tables, and the server answers every other page path with its 404 status. One table, so
 * a page the web app shows can never answer 404, nor an unknown path 200.
 */

/** Always available, whoever is visiting. */
export const PUBLIC_PAGE_PATHS = {
  checkEmail: '/check-email',
  verifyEmail: '/verify-email',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // Where the link that confirms a new sign-in email leads (settings, profile).
  confirmEmailChange: '/confirm-email-change',
  // Where a notice's unsubscribe link leads: it turns that notice off, no sign-in needed.
  unsubscribe: '/unsubscribe',
  // The public site: open to everyone, a signed-in operator included (the plan-limit message links
  // to /pricing).
  pricing: '/pricing',
  about: '/about',
  contact: '/contact',
  // The feature-request board (spec extended 2, DECISIONS 4): visitors suggest and vote.
  featureRequests: '/feature-requests',
  startFreeTrial: '/start-free-trial',
  subscriptionSuccess: '/subscription/success',
  // The affiliate program (spec extended 3): joining, and its own sign-in page, which the sign-up
  // page links to and which lands affiliates on their dashboard.
  affiliateSignup: '/affiliate-signup',
  affiliateLogin: '/affiliate/login',
  // A machine's read-only view for the manager of the place where it stands (share links).
  sharedMachine: '/share/:token',
  // Where a team invitation's mailed link leads: who invites, to what, and the way to accept.
  invitation: '/invitations/:token',
  // Where GET /api/logout leads a signed-in visitor: signing out takes a click (a POST), never a link.
  signOut: '/sign-out',
} as const;

/** Operator pages: signed-out visitors are sent to sign in, so each is a page for everyone. */
export const OPERATOR_PAGE_PATHS = {
  dashboard: '/dashboard',
  // The day on the road (issue 31): the machines to visit, what to bring, and the visit at each.
  route: '/route',
  products: '/products',
  vendingMachines: '/vending-machines',
  // One machine: its details and planogram (which product sits in which slot), linked from its card.
  machine: '/vending-machines/:machineId',
  vendingIssues: '/vending-issues',
  resources: '/resources',
  cleaningKits: '/resources/cleaning-kits',
  cardReaders: '/resources/card-readers',
  toolkits: '/resources/toolkits',
  inventoryAnalytics: '/resources/inventory-analytics',
  demographics: '/resources/demographics',
  donationHub: '/donation-hub',
  education: '/education',
  affiliateSetup: '/affiliate-setup',
  adminPanel: '/admin-panel',
  productImport: '/product-import',
  // Sales files from the machines (DEX audits, telemetry CSV exports), beyond spec 2.1's table.
  salesImport: '/sales-import',
  settings: '/settings',
  billing: '/billing',
  adminFeatureRequests: '/admin/feature-requests',
  adminSuggestions: '/admin/suggestions',
  // QR magnet orders (issue: magnets), beyond spec 2.1's table: the list, one order's receipt, and
  // the admins' manual fulfilment.
  magnetOrders: '/magnet-orders',
  magnetOrder: '/magnet-orders/:orderId',
  adminMagnetOrders: '/admin/magnet-orders',
  // CSV exports of the operator's records, beyond spec 2.1's table.
  exports: '/exports',
  // Where customers come from and how far they go (the scan-to-vote funnel), beyond spec 2.1's table.
  scanFunnel: '/scan-funnel',
} as const;

/**
 * Pages of the affiliate program's members (affiliates, and operators who also refer): signed-out
 * visitors are sent to sign in, as on operator pages. Affiliates see them without the operator
 * shell, whose pages they cannot use.
 */
export const AFFILIATE_PAGE_PATHS = {
  affiliateDashboard: '/affiliate-dashboard',
} as const;

export type PublicPageName = keyof typeof PUBLIC_PAGE_PATHS;
export type OperatorPageName = keyof typeof OPERATOR_PAGE_PATHS;
export type AffiliatePageName = keyof typeof AFFILIATE_PAGE_PATHS;

/** The landing page or, signed in, the dashboard. */
export const HOME_PATH = '/';

/** The public vote page, its own entry (vote.html) that the server fills with the machine's data. */
export const VOTE_PAGE_PATTERNS = ['/vote', '/vote/:machineId'] as const;

const PAGE_PATTERNS: readonly string[] = [
  HOME_PATH,
  ...Object.values(PUBLIC_PAGE_PATHS),
  ...Object.values(OPERATOR_PAGE_PATHS),
  ...Object.values(AFFILIATE_PAGE_PATHS),
  ...VOTE_PAGE_PATTERNS,
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A `:name` segment matches any one segment. */
function matchesPattern(pattern: string, segments: string[]): boolean {
  const expected = segmentsOf(pattern);
  return expected.length === segments.length && expected.every((part, i) => part.startsWith(':') || part === segments[i]);
}

/**
 * Whether a path (without its query) is a page of the app. Matched as React Router does: letter
 * case and a trailing slash do not matter, and percent-escapes are decoded.
 */
export function isPagePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = segmentsOf(decoded.toLowerCase());
  return PAGE_PATTERNS.some((pattern) => matchesPattern(pattern, segments));
}
