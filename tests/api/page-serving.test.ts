import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AFFILIATE_PAGE_PATHS, HOME_PATH, OPERATOR_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '../../src/shared/page-routes.js';
import { createMachine, createUser } from '../../src/server/db/factories.js';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { get } from './helpers.js';

// A web build of our own (the server serves whatever dist/web holds), so the test does not depend
// on a fresh `npm run build` and can hold a source map as a careless build would leave one.
const APP_HTML = '<!doctype html><html><body><div id="root" data-shell="operator-app"></div></body></html>';
const VOTE_HTML = '<!doctype html><html><body><div id="vote" data-shell="vote-page"></div></body></html>';
const SCRIPT = 'console.log("app")';
const SOURCE_MAP = '{"version":3,"sources":["../src/web/main.tsx"],"sourcesContent":["secret source"]}';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'vendvote-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), APP_HTML);
  writeFileSync(join(webDir, 'vote.html'), VOTE_HTML);
  writeFileSync(join(webDir, 'assets', 'main-Abc123.js'), SCRIPT);
  writeFileSync(join(webDir, 'assets', 'main-Abc123.js.map'), SOURCE_MAP);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('pages of the web app', () => {
  const pagePaths = [HOME_PATH, ...Object.values(PUBLIC_PAGE_PATHS), ...Object.values(OPERATOR_PAGE_PATHS), ...Object.values(AFFILIATE_PAGE_PATHS)];

  test.each(pagePaths)('%s answers 200 with the app', async (path) => {
    const res = await get(t, path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(APP_HTML);
  });

  test('a query string, a trailing slash or other letter case still find the page, as in the router', async () => {
    for (const path of ['/login?next=%2Fproducts', '/products/', '/Vending-Machines', '/resources/toolkits?x=1']) {
      expect((await get(t, path)).statusCode, path).toBe(200);
    }
  });

  test('the vote pages answer 200 with their own entry', async () => {
    const { user } = await createUser(t.database.db);
    const machine = await createMachine(t.database.db, user.id);
    await createUser(t.database.db, { email: DEMO_OPERATOR_EMAIL });
    for (const path of ['/vote', `/vote/${machine.id}`]) {
      const res = await get(t, path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.body).toContain('data-shell="vote-page"');
    }
  });
});

describe('paths that are no page', () => {
  test.each(['/no-such-page', '/feature-request', '/dashboard/extra', '/resources/unknown', '/admin', '/login/again'])(
    '%s answers 404 with the app, which shows its 404 page',
    async (path) => {
      const res = await get(t, path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(APP_HTML);
    },
  );

  test('an unknown API path still answers 404 in JSON', async () => {
    const res = await get(t, '/api/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/no-such-call' });
  });
});

describe('built assets', () => {
  test('scripts are served', async () => {
    const res = await get(t, '/assets/main-Abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SCRIPT);
  });

  test('a source map left in the build is never served', async () => {
    const res = await get(t, '/assets/main-Abc123.js.map');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret source');
  });
});
