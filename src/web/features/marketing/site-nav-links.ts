import { paths } from '../../lib/paths.js';

export interface SiteLink {
  to: string;
  label: string;
}

/** The public site's pages, in the order the header lists them. */
export const SITE_NAV_LINKS: readonly SiteLink[] = [
  { to: paths.pricing, label: 'Pricing' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

/**
 * The header's account links: a visitor signs in or starts a trial; a signed-in user goes back to
 * their dashboard (an affiliate's is the affiliate dashboard) instead of being offered an account
 * they already have.
 */
export function accountLinks(signedIn: boolean, home: string = paths.dashboard): { signIn: SiteLink | null; action: SiteLink } {
  return signedIn
    ? { signIn: null, action: { to: home, label: 'Open dashboard' } }
    : { signIn: { to: paths.login(), label: 'Sign in' }, action: { to: paths.startFreeTrial, label: 'Start free trial' } };
}
