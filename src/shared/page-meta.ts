import { COMMISSION_RATE_PERCENT } from './affiliates.schemas.js';
import { HOME_PATH, PUBLIC_PAGE_PATHS } from './page-routes.js';
import { PAID_PLAN_TRIAL_DAYS, PLANS, planMachinesText, planPriceText, type Plan } from './plans.js';

/**
 * The title and description of the pages people share. The server writes them into the HTML it
 * answers (link previews come from crawlers, which run no JavaScript), and the web app's PageTitle
 * shows the same title, so a page reads the same before and after the script runs.
 */
export interface PageMeta {
  /** The page's own name, as PageTitle takes it; the document title adds the site name. */
  title: string;
  description: string;
}

export const SITE_NAME = 'VendVote';

/** An affiliate's monthly share of a plan: '$8.00' of Growth. */
const monthlyCommissionText = (plan: Plan) => `$${((plan.monthlyPriceCents * COMMISSION_RATE_PERCENT) / 10_000).toFixed(2)}`;

const planSummary = (plan: Plan) => `${plan.name} (${planPriceText(plan)}, ${planMachinesText(plan).toLowerCase()})`;

/** Every other path: the site name alone and the description index.html carries. */
export const DEFAULT_PAGE_META = {
  title: SITE_NAME,
  description: 'VendVote lets vending machine customers vote for the products they want by scanning a QR code.',
} as const satisfies PageMeta;

export const PAGE_META = {
  [HOME_PATH]: {
    title: 'Product voting for vending machines',
    description:
      'Customers scan a QR code on your vending machine and vote for the snacks and drinks they want. No app, no account. ' +
      'You see the demand per product and per machine.',
  },
  [PUBLIC_PAGE_PATHS.pricing]: {
    title: 'Pricing',
    description:
      `${planSummary(PLANS.free)}, ${planSummary(PLANS.growth)} or ${planSummary(PLANS.enterprise)}. ` +
      `Paid plans start with a ${PAID_PLAN_TRIAL_DAYS}-day free trial & need no credit card.`,
  },
  [PUBLIC_PAGE_PATHS.about]: {
    title: 'About VendVote',
    description: 'Why a small team builds product voting for vending machine operators, and what we promise about your data.',
  },
  [PUBLIC_PAGE_PATHS.contact]: {
    title: 'Contact Us',
    description: 'Questions about VendVote? Write to us; we answer by email, Monday to Friday, 9:00 to 17:00 EST.',
  },
  [PUBLIC_PAGE_PATHS.featureRequests]: {
    title: 'Feature Requests',
    description: 'Suggest a feature for VendVote and vote on the ideas of others. See what is proposed, in progress and completed.',
  },
  [PUBLIC_PAGE_PATHS.startFreeTrial]: {
    title: 'Start your free trial',
    description:
      `Start free with ${planMachinesText(PLANS.free).toLowerCase()}, or try ${PLANS.growth.name} or ${PLANS.enterprise.name} ` +
      `free for ${PAID_PLAN_TRIAL_DAYS} days. No credit card required.`,
  },
  [PUBLIC_PAGE_PATHS.register]: {
    title: 'Create your account',
    description: 'Create a free VendVote operator account & put a voting QR code on your first vending machine.',
  },
  [PUBLIC_PAGE_PATHS.affiliateSignup]: {
    title: 'Join the affiliate program',
    description:
      `Refer vending operators to VendVote & earn ${COMMISSION_RATE_PERCENT}% of their subscription every month they pay: ` +
      `${monthlyCommissionText(PLANS.growth)} per ${PLANS.growth.name} and ${monthlyCommissionText(PLANS.enterprise)} per ${PLANS.enterprise.name} operator.`,
  },
  [PUBLIC_PAGE_PATHS.affiliateLogin]: {
    title: 'Affiliate sign in',
    description: 'Sign in to your VendVote affiliate dashboard to see your referral link, clicks, sign-ups and earnings.',
  },
  [PUBLIC_PAGE_PATHS.login]: {
    title: 'Sign in to VendVote',
    description: "Sign in to your VendVote operator dashboard to see your customers' votes, suggestions and reported issues.",
  },
} as const satisfies Record<string, PageMeta>;

export type PageMetaPath = keyof typeof PAGE_META;

/** What the browser tab shows: 'Pricing · VendVote', or the site name alone. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? title : `${title} · ${SITE_NAME}`;
}

/**
 * A path as the router matches it (decoded, any letter case, no trailing slash), so '/About/' finds
 * the About page's entry; null when it cannot be decoded.
 */
export function normalizePagePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const trimmed = decoded.toLowerCase().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The meta of a path (normalized or not), or the default for paths without their own entry. */
export function pageMetaFor(pathname: string): PageMeta {
  const path = normalizePagePath(pathname);
  return path !== null && Object.hasOwn(PAGE_META, path) ? PAGE_META[path as PageMetaPath] : DEFAULT_PAGE_META;
}
