import { AFFILIATE_PAGE_PATHS, HOME_PATH, OPERATOR_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '../../shared/page-routes.js';

const withQuery = (path: string, name: string, value?: string) => (value ? `${path}?${name}=${encodeURIComponent(value)}` : path);

/**
 * Every in-app href and browser navigation in one place (spec 2.1, DECISIONS 8). The pages' own
 * paths come from the shared page table, which the router and the server read too.
 */
export const paths = {
  home: HOME_PATH,
  landingFeatures: '/#features',

  // Always available, whoever is visiting.
  vote: (machineId: number | string) => `/vote/${encodeURIComponent(String(machineId))}`,
  voteDemo: '/vote',
  checkEmail: (email?: string) => withQuery(PUBLIC_PAGE_PATHS.checkEmail, 'email', email),
  verifyEmail: PUBLIC_PAGE_PATHS.verifyEmail,
  login: (next?: string) => withQuery(PUBLIC_PAGE_PATHS.login, 'next', next),
  /** Where a browser goes once its account's deletion is scheduled: sign-in, with the notice of what happens next. */
  loginAfterDeletion: withQuery(PUBLIC_PAGE_PATHS.login, 'account', 'deleted'),
  register: PUBLIC_PAGE_PATHS.register,
  forgotPassword: PUBLIC_PAGE_PATHS.forgotPassword,
  resetPassword: PUBLIC_PAGE_PATHS.resetPassword,
  invitation: (token: string) => PUBLIC_PAGE_PATHS.invitation.replace(':token', encodeURIComponent(token)),

  // Operator pages (signed in as operator or admin).
  ...OPERATOR_PAGE_PATHS,
  // One machine's page.
  machine: (machineId: number | string) => OPERATOR_PAGE_PATHS.machine.replace(':machineId', encodeURIComponent(String(machineId))),
  // One magnet order's receipt.
  magnetOrder: (orderId: number | string) => OPERATOR_PAGE_PATHS.magnetOrder.replace(':orderId', encodeURIComponent(String(orderId))),

  // Public marketing pages.
  pricing: PUBLIC_PAGE_PATHS.pricing,
  pricingTop: `${PUBLIC_PAGE_PATHS.pricing}#top`,
  about: PUBLIC_PAGE_PATHS.about,
  contact: PUBLIC_PAGE_PATHS.contact,
  featureRequests: PUBLIC_PAGE_PATHS.featureRequests,
  startFreeTrial: PUBLIC_PAGE_PATHS.startFreeTrial,
  subscriptionSuccess: (sessionId?: string) => withQuery(PUBLIC_PAGE_PATHS.subscriptionSuccess, 'session_id', sessionId),

  // The affiliate program: joining and signing in are public; the dashboard is its members'.
  affiliateSignup: PUBLIC_PAGE_PATHS.affiliateSignup,
  affiliateLogin: (next?: string) => withQuery(PUBLIC_PAGE_PATHS.affiliateLogin, 'next', next),
  ...AFFILIATE_PAGE_PATHS,

  // Browser navigations handled by the server, never by the router.
  apiLogin: '/api/login',
} as const;
