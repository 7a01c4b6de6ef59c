/** Longest name kept for a download; long enough for any sensible name, short enough for any disk. */
const MAX_NAME_LENGTH = 120;

/**
 * The uploaded name made safe to store and offer again: no folders, no control or quoting
 * characters, and an extension that matches the content, so that a PNG named 'page.html' is
 * saved as 'page.png' and never opens as something else.
 */
export function cleanFileName(original: string | undefined, extensions: readonly string[]): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|;]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).trim() || 'file';
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const kept = extensions.includes(extension) ? extension : (extensions[0] ?? 'bin');
  return `${stem.slice(0, MAX_NAME_LENGTH - kept.length - 1)}.${kept}`;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form for browsers that read it. */
export function attachmentDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '').trim() || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
