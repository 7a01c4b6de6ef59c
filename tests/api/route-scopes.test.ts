import { rmSync } from 'node:fs';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ROUTE_SCOPES, recordRoutes, routeScope } from '../../src/server/route-scopes.js';
import { createTestApp, fakeWebBuild, type TestApp } from '../support/index.js';
import { signIn } from './helpers.js';
import { eq } from 'drizzle-orm';
import { affiliates, teamMembers, users } from '../../src/server/db/schema.js';
import { AccountDataMessages } from '../../src/shared/account-data.schemas.js';
import { roleMayCall, TEAM_ROLES, type TeamRole } from '../../src/shared/team-roles.js';
import { SWITCH_TEAM_API, TeamMessages } from '../../src/shared/teams.schemas.js';

const label = (route: RouteOptions) => `${String(route.method)} ${route.url}`;
const scopeOf = (route: RouteOptions) => route.config?.scope;
/** A concrete URL for a route pattern: every parameter becomes 1. */
const sampleUrl = (route: RouteOptions) => route.url.replace(/:[a-zA-Z]+/g, '1').replace('*', 'x');

let t: TestApp;
let webDir: string;
let routes: RouteOptions[];

beforeAll(async () => {
  webDir = fakeWebBuild();
  t = await createTestApp({ webDir });
  routes = t.app.routeTable;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('every route', () => {
  test('the walk sees the app: API, page and file routes', () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/products/:id/vote', '/api/machines', '/vote/*', '/assets/app-abc123.js']));
  });

  test('lives in exactly one known scope', () => {
    const unscoped = routes.filter((route) => !ROUTE_SCOPES.includes(scopeOf(route)!)).map(label);
    expect(unscoped).toEqual([]);
  });

  test('outside the built files, declares the schema of its answer', () => {
    const undeclared = routes
      .filter((route) => scopeOf(route) !== 'files')
      .filter((route) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        return !Object.keys(response).some((status) => /^[23]/.test(status));
      })
      .map(label);
    expect(undeclared).toEqual([]);
  });

  test('operator, account, admin and affiliate routes answer 401 to a signed-out caller', async () => {
    const guarded = routes.filter((route) => ['operator', 'account', 'admin', 'affiliate'].includes(scopeOf(route)!) && route.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const res = await t.app.inject({ method: route.method as 'GET', url: sampleUrl(route), payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, label(route)).toBe(401);
      expect(res.json(), label(route)).toEqual({ message: 'Unauthorized' });
    }
  });

  test('operator routes refuse an affiliate with 403 before reading anything', async () => {
    const { cookie } = await signIn(t, { role: 'affiliate' });
    const operatorRoutes = routes.filter((route) => scopeOf(route) === 'operator' && route.method !== 'HEAD');
    for (const route of operatorRoutes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: sampleUrl(route), headers: { cookie } });
      expect(res.statusCode, label(route)).toBe(403);
    }
  });
});

describe('an account scheduled for deletion', () => {
  test('keeps only the account scope: operator, admin and affiliate routes answer 403 before reading anything', async () => {
    const { cookie, user } = await signIn(t, { role: 'admin' });
    await t.database.db.insert(affiliates).values({ userId: user.id, code: `DEL${user.id}`, industry: 'education', experience: 'intermediate' });
    await t.database.db.update(users).set({ eraseAfter: new Date(Date.now() + 60_000) }).where(eq(users.id, user.id));
    const closed = routes.filter((route) => ['operator', 'admin', 'affiliate'].includes(scopeOf(route)!) && route.method !== 'HEAD');
    for (const route of closed) {
      const res = await t.app.inject({ method: route.method as 'GET', url: sampleUrl(route), headers: { cookie } });
      expect(res.statusCode, label(route)).toBe(403);
      expect(res.json(), label(route)).toEqual({ message: AccountDataMessages.scheduledForDeletion });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('a member’s role in the team (decision 0054)', () => {
  /** Signs `role` into a fresh team's session: a member row, and the session switched to that team. */
  async function memberAs(role: TeamRole) {
    const owner = await signIn(t);
    if (role === 'owner') return owner.cookie;
    const member = await signIn(t);
    await t.database.db.insert(teamMembers).values({ teamId: owner.user.id, userId: member.user.id, role });
    expect((await member.api.post(SWITCH_TEAM_API, { teamId: owner.user.id })).statusCode).toBe(200);
    return member.cookie;
  }
  const operatorRoutes = () => routes.filter((route) => scopeOf(route) === 'operator' && route.method !== 'HEAD');
  const accessOf = (route: RouteOptions) => route.config?.teamAccess ?? (route.method === 'GET' ? 'read' : 'manage');

  test.each(TEAM_ROLES)('%s: every operator route its role may not call answers 403 before reading anything, and no other does', async (role) => {
    const cookie = await memberAs(role);
    for (const route of operatorRoutes()) {
      const allowed = roleMayCall(role, accessOf(route), route.method === 'GET');
      // The live stream stays open once allowed in; the walk only needs it refused where it must be.
      if (allowed && route.url === '/api/live') continue;
      const res = await t.app.inject({ method: route.method as 'GET', url: sampleUrl(route), headers: { cookie } });
      // An allowed call may answer a file: compared as text.
      const refused = JSON.stringify({ message: TeamMessages.roleRefused(role) });
      if (allowed) expect(res.body, label(route)).not.toBe(refused);
      else expect([res.statusCode, res.body], label(route)).toEqual([403, refused]);
    }
  });

  test('the rules: viewers read, managers change, the owner alone bills and manages members; drivers have their own screens', () => {
    const byAccess = (access: string) => operatorRoutes().filter((route) => accessOf(route) === access).map(label);
    expect(byAccess('owner')).toEqual(
      expect.arrayContaining(['POST /api/stripe/portal', 'POST /api/stripe/change-plan', 'POST /api/team/ownership', 'DELETE /api/team/members/:userId', 'PATCH /api/team/members/:userId']),
    );
    expect(byAccess('member').sort()).toEqual(['DELETE /api/settings/api-tokens/:id', 'GET /api/settings/api-tokens', 'GET /api/team', 'POST /api/settings/api-tokens']);
    expect(roleMayCall('viewer', 'read', true)).toBe(true);
    expect(roleMayCall('viewer', 'manage', false)).toBe(false);
    expect(roleMayCall('driver', 'read', true)).toBe(false);
    expect(roleMayCall('driver', 'route', false)).toBe(true);
    expect(roleMayCall('viewer', 'route', false)).toBe(false);
    expect(roleMayCall('manager', 'owner', false)).toBe(false);
  });
});

describe('the affiliate scope', () => {
  test('refuses an operator outside the program with 403 before reading anything', async () => {
    const { cookie } = await signIn(t);
    const affiliateRoutes = routes.filter((route) => scopeOf(route) === 'affiliate' && route.method !== 'HEAD');
    expect(affiliateRoutes.length).toBeGreaterThan(2);
    for (const route of affiliateRoutes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: sampleUrl(route), headers: { cookie } });
      expect(res.statusCode, label(route)).toBe(403);
    }
  });
});

describe('a response schema', () => {
  test('strips every field it does not name, so a new column never leaks by accident', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('ctx', t.app.ctx);
    recordRoutes(app);
    const plugin = async (scope: FastifyInstance) => {
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/probe',
        { schema: { response: { 200: z.object({ id: z.number(), email: z.string() }) } } },
        // A row as a careless handler might return it, password hash and all.
        async () => ({ id: 7, email: 'owner@example.test', password: '$argon2id$secret' }) as { id: number; email: string },
      );
    };
    await app.register(routeScope('public', [plugin]));
    const res = await app.inject({ method: 'GET', url: '/probe' });
    expect(res.json()).toEqual({ id: 7, email: 'owner@example.test' });
    expect(res.body).not.toContain('argon2');
    expect(app.routeTable.find((route) => route.url === '/probe')?.config?.scope).toBe('public');
    await app.close();
  });
});
