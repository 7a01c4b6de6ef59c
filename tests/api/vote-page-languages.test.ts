import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine, createUser } from '../../src/server/db/factories.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { de } from '../../src/shared/vote-page-messages/de.js';
import { en } from '../../src/shared/vote-page-messages/en.js';
import { fr } from '../../src/shared/vote-page-messages/fr.js';
import { createTestApp, type TestApp } from '../support/index.js';

// The page as built: the repository's vote.html with a stand-in script, served by the real app.
let t: TestApp;
let webDir: string;
let machineId: number;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'vendvote-web-'));
  mkdirSync(join(webDir, 'assets'));
  const source = readFileSync(new URL('../../vote.html', import.meta.url), 'utf8');
  writeFileSync(join(webDir, 'vote.html'), source.replace('/src/web/vote/main.tsx', '/assets/vote-test.js'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>operator app</title>');
  writeFileSync(join(webDir, 'assets', 'vote-test.js'), 'console.log("vote page");');
  t = await createTestApp({ webDir });
  await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL });
  const { user } = await createUser(t.database.db);
  machineId = (await createMachine(t.database.db, user.id, { name: 'Lobby Snacks', location: 'Main lobby' })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function htmlLang(html: string) {
  return /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1];
}
function titleOf(html: string) {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}
function inlinedMessages(html: string): { locale: string; messages: Record<string, unknown> } {
  const match = /<script id="vote-messages" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'inlined texts').not.toBeNull();
  return JSON.parse(match![1]!);
}
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');

describe('the vote page speaks the reader’s language', () => {
  test('Accept-Language: de-DE,de;q=0.9 answers the page in German', async () => {
    const res = await open(`/vote/${machineId}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(htmlLang(res.body)).toBe('de');
    expect(res.headers['content-language']).toBe('de');
    expect(String(res.headers.vary)).toMatch(/Accept-Language/i);
    expect(String(res.headers.vary)).toMatch(/Cookie/i);
    expect(titleOf(res.body)).toBe('Abstimmen am Automaten Lobby Snacks · VendVote');
    expect(res.body).toContain(`<meta name="description" content="${escaped(de['document.description'])}"`);
    // The machine's own name stays as its operator wrote it.
    expect(res.body).toContain('<h1 class="mt-3 text-2xl font-bold">Lobby Snacks</h1>');
    // Only German goes out: its texts inlined for the script, no other language's.
    expect(inlinedMessages(res.body)).toEqual({ locale: 'de', messages: de });
    expect(res.body).not.toContain(en['vote.alreadyDetail']);
  });

  test('the demo page paints its German heading before any script', async () => {
    const res = await open('/vote', { 'accept-language': 'de' });
    expect(res.body).toContain(`<h1 class="mt-3 text-2xl font-bold">${escaped(de['header.demoTitle'])}</h1>`);
    expect(res.body).toContain(de['header.demoSubtitle']);
    expect(titleOf(res.body)).toBe(de['document.demo']);
  });

  test('a page without a machine is German too', async () => {
    const res = await open('/vote/999999', { 'accept-language': 'de-AT' });
    expect(res.statusCode).toBe(404);
    expect(htmlLang(res.body)).toBe('de');
    expect(titleOf(res.body)).toBe(de['document.default']);
    expect(inlinedMessages(res.body).locale).toBe('de');
  });

  test('the switcher’s cookie overrides the browser; ?lang= overrides both', async () => {
    const withCookie = await open(`/vote/${machineId}`, { 'accept-language': 'de-DE,de;q=0.9', cookie: 'lang=fr' });
    expect(htmlLang(withCookie.body)).toBe('fr');
    expect(titleOf(withCookie.body)).toBe('Votez au distributeur Lobby Snacks · VendVote');
    expect(inlinedMessages(withCookie.body)).toEqual({ locale: 'fr', messages: fr });

    const withParam = await open(`/vote/${machineId}?lang=es`, { 'accept-language': 'de', cookie: 'lang=fr' });
    expect(htmlLang(withParam.body)).toBe('es');
    expect(inlinedMessages(withParam.body).locale).toBe('es');
  });

  test('an unknown cookie or ?lang= is ignored', async () => {
    const res = await open(`/vote/${machineId}?lang=xx`, { 'accept-language': 'es-MX', cookie: 'lang=<script>' });
    expect(htmlLang(res.body)).toBe('es');
    expect(inlinedMessages(res.body).locale).toBe('es');
  });

  test('without a preference the page is English, word for word as before', async () => {
    const res = await open(`/vote/${machineId}`);
    expect(htmlLang(res.body)).toBe('en');
    expect(res.headers['content-language']).toBe('en');
    expect(titleOf(res.body)).toBe('Vote at Lobby Snacks · VendVote');
    expect(res.body).toContain(
      '<meta name="description" content="Vote for the products you want to see in this vending machine. No app, no sign-up." />',
    );
    expect(inlinedMessages(res.body)).toEqual({ locale: 'en', messages: en });
    const unknown = await open('/vote/999999', { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(htmlLang(unknown.body)).toBe('en');
    expect(titleOf(unknown.body)).toBe('Vote for products · VendVote');
  });

  test('compressed answers keep the language and Vary on encoding too', async () => {
    const res = await open(`/vote/${machineId}`, { 'accept-language': 'fr', 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(String(res.headers.vary)).toMatch(/Accept-Language/i);
    expect(htmlLang(gunzipSync(res.rawPayload).toString())).toBe('fr');
  });

  test('the read limit’s page is in the reader’s language, the wait included', async () => {
    const remoteAddress = '198.51.100.120';
    for (let i = 0; i < 300; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/vote-page/demo', remoteAddress });
      expect(res.statusCode, `read ${i + 1}`).toBe(200);
    }
    const blocked = await t.app.inject({ method: 'GET', url: `/vote/${machineId}`, remoteAddress, headers: { 'accept-language': 'de-DE' } });
    expect(blocked.statusCode).toBe(429);
    expect(htmlLang(blocked.body)).toBe('de');
    expect(blocked.body).toContain('<h1>Bitte warte einen Moment</h1>');
    expect(blocked.body).toMatch(/<p>Die Abstimmungsseite wurde aus deinem Netzwerk sehr oft geöffnet\. Bitte versuch es in (\d+ Sekunden?|1 Minute) noch einmal\.<\/p>/);
    const english = await t.app.inject({ method: 'GET', url: `/vote/${machineId}`, remoteAddress });
    expect(english.body).toContain('<h1>Please wait a moment</h1>');
    expect(english.body).toMatch(/<p>The voting page was opened very often from your network\. Please try again in (\d+ seconds?|1 minute)\.<\/p>/);
  });
});
