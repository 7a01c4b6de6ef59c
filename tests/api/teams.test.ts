import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMachine } from '../../src/server/db/factories.js';
import { apiTokens, auditEvents, teamInvitations, teamMembers, users } from '../../src/server/db/schema.js';
import { PLANS } from '../../src/shared/plans.js';
import {
  InvitationMessages,
  MY_TEAMS_API,
  SWITCH_TEAM_API,
  TEAM_API,
  TEAM_INVITATIONS_API,
  TEAM_OWNERSHIP_API,
  TeamMessages,
  invitationApi,
  memberLimitMessage,
  teamMemberApi,
  type MyTeam,
  type Team,
} from '../../src/shared/teams.schemas.js';
import type { InvitableRole } from '../../src/shared/team-roles.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { linkFrom } from '../support/smtp-server.js';
import { DAY_MS, expectJsonError, mailsTo, signIn, uniqueEmail } from './helpers.js';

/** Teams: invitations by mail, joining, switching, roles held on every call, and the owner's powers. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Signed = Awaited<ReturnType<typeof signIn>>;

/** Invites `person` to `owner`'s team with `role` and has them accept by the mailed link. */
async function join(owner: Signed, person: Signed, role: InvitableRole) {
  const invitationsTo = () => mailsTo(t, person.user.email).filter((mail) => /^Join /.test(mail.subject));
  const before = invitationsTo().length;
  const sent = await owner.api.post(TEAM_INVITATIONS_API, { email: person.user.email.toUpperCase(), role });
  expect(sent.statusCode, sent.body).toBe(201);
  await expect.poll(() => invitationsTo().length, { timeout: 5000 }).toBe(before + 1);
  const token = tokenOf(invitationsTo().at(-1)!);
  const accepted = await person.api.post(`${invitationApi(token)}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return token;
}

const tokenOf = (mail: Parameters<typeof linkFrom>[0]) => decodeURIComponent(new URL(linkFrom(mail, '/invitations/')).pathname.split('/').pop()!);

const teamOf = async (who: Signed) => {
  const res = await who.api.get(TEAM_API);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Team;
};

describe('inviting and joining', () => {
  test('an invitation is mailed with a 7-day link; accepting joins the team with its role, and the session works in it', async () => {
    const owner = await signIn(t, { firstName: 'Olga', lastName: 'Owner' });
    await t.database.db.update(users).set({ company: 'Olga Vending' }).where(eq(users.id, owner.user.id));
    const driver = await signIn(t, { firstName: 'Dan', lastName: 'Driver' });
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Lobby' });

    const sent = await owner.api.post(TEAM_INVITATIONS_API, { email: driver.user.email, role: 'viewer' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(Date.parse(sent.json().expiresAt) - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
    const mail = await t.smtp.waitForMail(driver.user.email, /^Join Olga Vending on VendVote$/);
    expect(mail.text).toContain('Olga Owner invites you to work in Olga Vending on VendVote as a viewer.');
    const token = tokenOf(mail);

    const preview = await t.app.inject({ method: 'GET', url: invitationApi(token) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ teamName: 'Olga Vending', invitedBy: 'Olga Owner', email: driver.user.email, role: 'viewer', accountExists: true });
    expect((await owner.api.get(TEAM_API)).json()).toMatchObject({ seatsUsed: 1, invitations: [{ email: driver.user.email, role: 'viewer', invitedBy: 'Olga Owner' }] });

    // Someone else signed in cannot take it.
    const stranger = await signIn(t);
    expectJsonError(await stranger.api.post(`${invitationApi(token)}/accept`), 403, InvitationMessages.wrongAccount(driver.user.email));

    expect((await driver.api.post(`${invitationApi(token)}/accept`)).statusCode).toBe(200);
    // Spent: the link works once.
    expectJsonError(await driver.api.post(`${invitationApi(token)}/accept`), 404, InvitationMessages.invalid);
    expectJsonError(await t.app.inject({ method: 'GET', url: invitationApi(token) }), 404, InvitationMessages.invalid);

    // The session now works in the team it joined: its machines, as a viewer.
    const machines = await driver.api.get('/api/machines');
    expect(machines.statusCode, machines.body).toBe(200);
    expect(machines.json().map((row: { id: number }) => row.id)).toEqual([machine.id]);
    const teams: MyTeam[] = (await driver.api.get(MY_TEAMS_API)).json();
    expect(teams).toEqual([
      { teamId: driver.user.id, name: 'Dan Driver', role: 'owner', current: false },
      { teamId: owner.user.id, name: 'Olga Vending', role: 'viewer', current: true },
    ]);
    const team = await teamOf(driver);
    expect(team.members.map((member) => [member.email, member.role, member.you])).toEqual([
      [owner.user.email, 'owner', false],
      [driver.user.email, 'viewer', true],
    ]);
    expect(team.invitations).toEqual([]);

    // Back to their own team, and again.
    expect((await driver.api.post(SWITCH_TEAM_API, { teamId: driver.user.id })).statusCode).toBe(200);
    expect((await driver.api.get('/api/machines')).json()).toEqual([]);
    expectJsonError(await driver.api.post(SWITCH_TEAM_API, { teamId: stranger.user.id }), 403, TeamMessages.notMember);

    const [accepted] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'team.invitation_accepted'), eq(auditEvents.actorUserId, driver.user.id)));
    expect(accepted).toMatchObject({ accountUserId: owner.user.id });
  });

  test('an expired invitation answers 410, a revoked one 404; an address already in the team or invited is refused', async () => {
    const owner = await signIn(t);
    const person = await signIn(t);
    const sent = await owner.api.post(TEAM_INVITATIONS_API, { email: person.user.email, role: 'driver' });
    expectJsonError(await owner.api.post(TEAM_INVITATIONS_API, { email: person.user.email, role: 'viewer' }), 409, InvitationMessages.alreadyInvited);
    const mail = await t.smtp.waitForMail(person.user.email, /^Join /);
    const token = tokenOf(mail);
    await t.database.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, sent.json().id));
    expectJsonError(await person.api.post(`${invitationApi(token)}/accept`), 410, InvitationMessages.expired);

    const again = await owner.api.post(TEAM_INVITATIONS_API, { email: person.user.email, role: 'driver' });
    expect(again.statusCode).toBe(201);
    expect((await owner.api.delete(`${TEAM_INVITATIONS_API}/${again.json().id}`)).statusCode).toBe(200);
    // Its mail went out before the revocation: the link in it is dead.
    await expect.poll(() => mailsTo(t, person.user.email).filter((mail) => /^Join /.test(mail.subject)).length, { timeout: 5000 }).toBe(2);
    const revokedToken = tokenOf(mailsTo(t, person.user.email).filter((mail) => /^Join /.test(mail.subject)).at(-1)!);
    expectJsonError(await person.api.post(`${invitationApi(revokedToken)}/accept`), 404, InvitationMessages.invalid);
    const [open] = await t.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, again.json().id));
    expect(open!.revokedAt).not.toBeNull();

    await join(owner, person, 'manager');
    expectJsonError(await owner.api.post(TEAM_INVITATIONS_API, { email: person.user.email, role: 'viewer' }), 409, InvitationMessages.alreadyMember);
    expectJsonError(await owner.api.post(TEAM_INVITATIONS_API, { email: 'not an address', role: 'viewer' }), 400);
    expectJsonError(await owner.api.post(TEAM_INVITATIONS_API, { email: uniqueEmail(), role: 'owner' }), 400);
  });

  test('at the plan’s member limit, inviting is refused with a message that leads to the plans', async () => {
    const owner = await signIn(t);
    const first = await owner.api.post(TEAM_INVITATIONS_API, { email: uniqueEmail('first'), role: 'viewer' });
    expect(first.statusCode).toBe(201);
    const team = await teamOf(owner);
    const message = memberLimitMessage(PLANS.free.name, PLANS.free.memberLimit);
    expect(team).toMatchObject({ memberLimit: 1, seatsUsed: 1, limitMessage: message });
    expectJsonError(await owner.api.post(TEAM_INVITATIONS_API, { email: uniqueEmail('second'), role: 'viewer' }), 403, message);
    // Revoking frees the seat.
    await owner.api.delete(`${TEAM_INVITATIONS_API}/${first.json().id}`);
    expect((await owner.api.post(TEAM_INVITATIONS_API, { email: uniqueEmail('third'), role: 'viewer' })).statusCode).toBe(201);
  });
});

describe('roles, held on every call', () => {
  test('a viewer reads and changes nothing; a manager changes but cannot bill, manage members or hand over; a driver gets no general routes', async () => {
    const owner = await signIn(t);
    await t.database.db.update(users).set({ subscriptionTier: 'enterprise' }).where(eq(users.id, owner.user.id));
    const viewer = await signIn(t);
    const manager = await signIn(t);
    const driver = await signIn(t);
    await join(owner, viewer, 'viewer');
    await join(owner, manager, 'manager');
    await join(owner, driver, 'driver');
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Depot' });

    expect((await viewer.api.get('/api/machines')).statusCode).toBe(200);
    expectJsonError(await viewer.api.patch(`/api/machines/${machine.id}`, { name: 'Renamed' }), 403, TeamMessages.roleRefused('viewer'));
    expectJsonError(await viewer.api.post(TEAM_INVITATIONS_API, { email: uniqueEmail(), role: 'viewer' }), 403, TeamMessages.roleRefused('viewer'));

    const renamed = await manager.api.patch(`/api/machines/${machine.id}`, { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expectJsonError(await manager.api.post('/api/stripe/portal'), 403, TeamMessages.roleRefused('manager'));
    expectJsonError(await manager.api.delete(teamMemberApi(viewer.user.id)), 403, TeamMessages.roleRefused('manager'));
    expectJsonError(await manager.api.post(TEAM_OWNERSHIP_API, { userId: manager.user.id }), 403, TeamMessages.roleRefused('manager'));

    expectJsonError(await driver.api.get('/api/machines'), 403, TeamMessages.roleRefused('driver'));
    // Every member sees who is in the team, and holds their own API tokens.
    expect((await driver.api.get(TEAM_API)).statusCode).toBe(200);
    expect((await driver.api.post('/api/settings/api-tokens', { name: 'Phone', access: 'read-only' })).statusCode).toBe(201);
  });

  test('a member’s API token works in the team with at most their role, and stops when they are removed, at once', async () => {
    const owner = await signIn(t);
    const manager = await signIn(t);
    await join(owner, manager, 'manager');
    const machine = await createMachine(t.database.db, owner.user.id, { name: 'Hall' });
    const made = await manager.api.post('/api/settings/api-tokens', { name: 'Script', access: 'read-write' });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token}` };
    const byToken = (method: 'GET' | 'PATCH', url: string, payload?: unknown) => t.app.inject({ method, url, headers: bearer, ...(payload ? { payload: payload as object } : {}) });
    expect((await byToken('GET', '/api/machines')).json().map((row: { id: number }) => row.id)).toEqual([machine.id]);
    // The owner's tokens list does not show the manager's.
    expect((await owner.api.get('/api/settings/api-tokens')).json()).toEqual([]);

    // Made a viewer: the token may read, no longer change.
    expect((await owner.api.patch(teamMemberApi(manager.user.id), { role: 'viewer' })).statusCode).toBe(200);
    expectJsonError(await byToken('PATCH', `/api/machines/${machine.id}`, { name: 'X' }), 403, TeamMessages.roleRefused('viewer'));
    expect((await byToken('GET', '/api/machines')).statusCode).toBe(200);

    expect((await owner.api.delete(teamMemberApi(manager.user.id))).statusCode).toBe(200);
    expect((await byToken('GET', '/api/machines')).statusCode).toBe(401);
    expect(await t.database.db.select().from(apiTokens).where(eq(apiTokens.memberUserId, manager.user.id))).toEqual([]);
    // Their session in the team ended; they sign in again to their own team only.
    expect((await manager.api.get('/api/machines')).statusCode).toBe(401);
  });

  test('a removed member whose session chose the team is refused on the next call, and no team sees another’s data', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const viewer = await signIn(t);
    await join(owner, viewer, 'viewer');
    const otherMachine = await createMachine(t.database.db, other.user.id, { name: 'Elsewhere' });
    expectJsonError(await viewer.api.get(`/api/machines/${otherMachine.id}/stock`), 404);
    // Removed behind the app's back (another instance, a script): the guard reads membership on every call.
    await t.database.db.delete(teamMembers).where(and(eq(teamMembers.teamId, owner.user.id), eq(teamMembers.userId, viewer.user.id)));
    expectJsonError(await viewer.api.get('/api/machines'), 403, TeamMessages.notMember);
  });
});

describe('the owner', () => {
  test('changes roles, cannot touch their own, and hands ownership to a manager only; there is one owner throughout', async () => {
    const owner = await signIn(t);
    await t.database.db.update(users).set({ subscriptionTier: 'growth' }).where(eq(users.id, owner.user.id));
    const manager = await signIn(t);
    const viewer = await signIn(t);
    await join(owner, manager, 'manager');
    await join(owner, viewer, 'viewer');

    expectJsonError(await owner.api.patch(teamMemberApi(owner.user.id), { role: 'viewer' }), 400, InvitationMessages.notYourself);
    expectJsonError(await owner.api.patch(teamMemberApi(viewer.user.id), { role: 'owner' }), 400);
    expectJsonError(await owner.api.post(TEAM_OWNERSHIP_API, { userId: viewer.user.id }), 409, InvitationMessages.handOverToManager);
    const stranger = await signIn(t);
    expectJsonError(await owner.api.patch(teamMemberApi(stranger.user.id), { role: 'viewer' }), 404, InvitationMessages.memberNotFound);

    expect((await owner.api.post(TEAM_OWNERSHIP_API, { userId: manager.user.id })).statusCode).toBe(200);
    const roles = await t.database.db.select({ userId: teamMembers.userId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.teamId, owner.user.id));
    expect(Object.fromEntries(roles.map((row) => [row.userId, row.role]))).toEqual({ [owner.user.id]: 'manager', [manager.user.id]: 'owner', [viewer.user.id]: 'viewer' });
    // The old owner is a manager now: billing is no longer theirs; the new owner's it is.
    expectJsonError(await owner.api.post('/api/stripe/portal'), 403, TeamMessages.roleRefused('manager'));
    expectJsonError(await manager.api.delete(teamMemberApi(manager.user.id)), 400, InvitationMessages.notYourself);
    expect((await manager.api.delete(teamMemberApi(owner.user.id))).statusCode).toBe(200);
  });
});
