import type { PageTarget } from './api.js';

/**
 * Who the page is for (docs/decisions/0035-catalogue-editing.md). A machine's page belongs to its
 * customers: no sign-in, register or dashboard, which have nothing for them, unless the machine's
 * owner is previewing it. The demo page is the public site's showcase, read by would-be
 * operators, so it keeps them.
 */
export type Audience = 'customer' | 'owner' | 'showcase';

export function audienceOf(target: PageTarget, isOwner: boolean): Audience {
  if (target === 'demo') return 'showcase';
  return isOwner ? 'owner' : 'customer';
}
