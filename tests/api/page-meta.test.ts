import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_PAGE_META, PAGE_META, type PageMetaPath } from '../../src/shared/page-meta.js';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../support/index.js';
import { get } from './helpers.js';

// Shaped as Vite builds index.html: a head with a title and a description of its own.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The build's own description." />
    <title>VendVote</title>
    <script type="module" src="/assets/main-Abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** Written out here rather than imported, so a broken escape in the server cannot agree with itself. */
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const titleOf = (title: string) => (title === 'VendVote' ? title : `${title} · VendVote`);

function metaContents(html: string, attribute: 'name' | 'property', value: string): string[] {
  const pattern = new RegExp(`<meta ${attribute}="${value}" content="([^"]*)"`, 'g');
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'vendvote-meta-'));
  writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('titles and descriptions in the served HTML', () => {
  test.each(Object.keys(PAGE_META) as PageMetaPath[])('%s carries its own, escaped', async (path) => {
    const { title, description } = PAGE_META[path];
    const res = await get(t, path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect([...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])).toEqual([escaped(titleOf(title))]);
    expect(metaContents(html, 'name', 'description')).toEqual([escaped(description)]);
    expect(metaContents(html, 'property', 'og:title')).toEqual([escaped(titleOf(title))]);
    expect(metaContents(html, 'property', 'og:description')).toEqual([escaped(description)]);
    expect(metaContents(html, 'property', 'og:url')).toEqual([escaped(`${TEST_PUBLIC_URL}${path}`)]);
    // The rest of the document is the build's, untouched.
    expect(html).toContain('<script type="module" src="/assets/main-Abc123.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  test('characters that mean something in HTML arrive escaped, never raw', async () => {
    const withSpecials = Object.values(PAGE_META).filter(({ description }) => /[&'"<>]/.test(description));
    expect(withSpecials.length).toBeGreaterThan(0);
    const html = (await get(t, '/register')).body;
    expect(html).toContain('account &amp; put');
    expect(html).not.toContain('account & put');
    expect((await get(t, '/login')).body).toContain('customers&#39; votes');
  });

  test('another letter case or a trailing slash finds the same page, with its canonical address', async () => {
    const html = (await get(t, '/About/')).body;
    expect(html).toContain(`<title>${escaped(titleOf(PAGE_META['/about'].title))}</title>`);
    expect(metaContents(html, 'property', 'og:url')).toEqual([`${TEST_PUBLIC_URL}/about`]);
  });

  test('a page without its own entry gets the default and no address to share; a query string changes nothing', async () => {
    const html = (await get(t, '/forgot-password?email=kim%40example.com')).body;
    expect(html).toContain('<title>VendVote</title>');
    expect(metaContents(html, 'name', 'description')).toEqual([escaped(DEFAULT_PAGE_META.description)]);
    expect(metaContents(html, 'property', 'og:url')).toEqual([]);
    expect(html).not.toContain('kim');
  });

  test('pages by the thousand under any spelling share one cached copy: the cache cannot be grown from outside', async () => {
    const first = await get(t, '/vote%2Fmachine-1');
    for (let i = 2; i <= 50; i++) expect((await get(t, `/vote%2Fmachine-${i}`)).headers.etag).toBe(first.headers.etag);
    expect(first.body).not.toContain('machine-1');
  });

  test('an unknown path keeps its 404, with the default title and no address to share', async () => {
    const res = await get(t, '/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>VendVote</title>');
    expect(metaContents(res.body, 'property', 'og:url')).toEqual([]);
    expect(res.body).not.toContain('no-such-page');
  });

  test('a browser revalidating its copy gets 304; another page does not match its validator', async () => {
    const first = await get(t, '/about');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(t, '/about', undefined, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(t, '/pricing', undefined, { headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});

describe('the HTML of each path is built once', () => {
  test('later requests are answered from memory, not from the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendvote-meta-cache-'));
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
    const app = await createTestApp({ webDir: dir });
    try {
      const first = await get(app, '/start-free-trial');
      writeFileSync(join(dir, 'index.html'), INDEX_HTML.replace('<div id="root"></div>', '<div id="changed"></div>'));
      const second = await get(app, '/start-free-trial');
      expect(second.body).toBe(first.body);
      expect(second.body).toContain('<div id="root"></div>');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
