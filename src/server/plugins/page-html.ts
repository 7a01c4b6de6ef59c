import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_PAGE_META, documentTitle, normalizePagePath, PAGE_META, pageMetaFor, type PageMeta } from '../../shared/page-meta.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

// The description and Open Graph tags index.html may already carry; ours replace them.
const SHARED_META_TAG = /\s*<meta\s+(?:name="description"|property="og:[a-z_:]+")[^>]*>/gi;
const TITLE_TAG = /<title>[\s\S]*?<\/title>/i;

/**
 * index.html with a page's title, description and Open Graph tags, so a link preview (made by a
 * crawler that runs no script) shows the page's own. `url` is the page's address, null for a path
 * that is no page. Vite's index.html always has a <head>; a document without one is left as it is.
 */
export function withPageMeta(html: string, meta: PageMeta, url: string | null): string {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd === -1) return html;
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(url === null ? [] : [`<meta property="og:url" content="${escapeHtml(url)}" />`]),
  ];
  const head = html.slice(0, headEnd).replace(SHARED_META_TAG, '');
  const titled = TITLE_TAG.test(head) ? head.replace(TITLE_TAG, () => `<title>${title}</title>`) : `${head}<title>${title}</title>\n`;
  return `${titled}\n    ${tags.join('\n    ')}\n  ${html.slice(headEnd)}`;
}

export interface PageHtml {
  html: string;
  /** A validator for the `no-cache` revalidation browsers do on every visit. */
  etag: string;
}

/**
 * The HTML of each page, built once: index.html is read at the first request and kept, as the
 * build never changes under a running server. Only the pages of the meta table get entries of
 * their own (with their address as og:url); every other path, page or not, shares one of two
 * entries, so no number of strangers' URLs can grow the cache.
 */
export function createPageHtmlCache(indexHtmlPath: string, publicUrl: string) {
  const pages = new Map<string, PageHtml>();
  let template: string | undefined;
  return (pathname: string, isPage: boolean): PageHtml => {
    const path = isPage ? normalizePagePath(pathname) : null;
    const shared = path !== null && Object.hasOwn(PAGE_META, path) ? path : null;
    const key = shared ?? (isPage ? '*page' : '*missing');
    let page = pages.get(key);
    if (!page) {
      template ??= readFileSync(indexHtmlPath, 'utf8');
      const html = shared === null ? withPageMeta(template, DEFAULT_PAGE_META, null) : withPageMeta(template, pageMetaFor(shared), `${publicUrl}${shared}`);
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(key, page);
    }
    return page;
  };
}
