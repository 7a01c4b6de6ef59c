import { VOTE_PAGE_DATA_ELEMENT_ID, votePageTargetOf, type InlinedVotePage } from '../../../shared/vote-page.js';

/** What the page knows before any call: which page it is, and the data the server inlined. */
export interface Boot {
  target: number | 'demo' | 'invalid';
  inlined: InlinedVotePage | null;
}

export function readBoot(): Boot {
  const target = votePageTargetOf(window.location.pathname);
  const element = document.getElementById(VOTE_PAGE_DATA_ELEMENT_ID);
  let inlined: InlinedVotePage | null = null;
  try {
    inlined = element?.textContent ? (JSON.parse(element.textContent) as InlinedVotePage) : null;
  } catch {
    // A damaged payload: the page loads its data with a call instead.
  }
  return { target, inlined };
}

/**
 * Theme (spec 2.2): the stored 'theme' wins when it is light or dark; otherwise the stylesheet
 * follows the system colour scheme by itself.
 */
export function applyStoredTheme(): void {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage unavailable (privacy mode): follow the system.
  }
  const root = document.documentElement.classList;
  root.toggle('dark', stored === 'dark');
  root.toggle('light', stored === 'light');
}
