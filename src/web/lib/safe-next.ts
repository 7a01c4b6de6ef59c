/**
 * Returns `next` when it is a same-site path we may navigate to after sign-in, else null.
 * Refuses protocol-relative ('//evil') and backslash tricks ('/\evil'), which browsers
 * treat as another host, server-only /api paths, and /login itself.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters and backslashes have no place in our paths.
  if (next.includes('\\') || hasControlCharacter(next)) return null;
  if (next === '/api' || next.startsWith('/api/')) return null;
  // Returning to the sign-in page itself would leave a signed-in user on the form.
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login#')) return null;
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
