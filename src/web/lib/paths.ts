/** Every in-app href and browser navigation in one place (spec 2.1, DECISIONS 8). */
export const paths = {
  home: '/',
  landingFeatures: '/#features',

  // Always available, whoever is visiting.
  vote: (machineId: number | string) => `/vote/${encodeURIComponent(String(machineId))}`,
  voteDemo: '/vote',
  checkEmail: (email?: string) => (email ? `/check-email?email=${encodeURIComponent(email)}` : '/check-email'),
  verifyEmail: '/verify-email',
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',

  // Operator pages (signed in as operator or admin).
  dashboard: '/dashboard',
  products: '/products',
  vendingMachines: '/vending-machines',
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
  settings: '/settings',
  adminFeatureRequests: '/admin/feature-requests',
  adminSuggestions: '/admin/suggestions',

  // Public marketing pages.
  pricing: '/pricing',
  pricingTop: '/pricing#top',
  about: '/about',
  contact: '/contact',
  featureRequests: '/feature-requests',
  startFreeTrial: '/start-free-trial',
  subscriptionSuccess: '/subscription/success',
  affiliateSignup: '/affiliate-signup',
  affiliateDashboard: '/affiliate-dashboard',
  affiliateLogin: '/affiliate/login',

  // Browser navigations handled by the server, never by the router.
  apiLogin: '/api/login',
  apiLogout: '/api/logout',
} as const;
