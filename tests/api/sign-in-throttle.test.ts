import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/server/db/factories.js';
import { claimSignInCheck, SIGN_IN_THROTTLE } from '../../src/server/features/auth/sign-in-throttle.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { uniqueEmail } from './helpers.js';

// Failed sign-ins are counted in the database, per account and address. Each test uses accounts
// and made-up caller addresses of its own, so the tests do not share counts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
const newAddress = () => `198.51.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function signIn(email: string, password: string, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

function expectThrottled(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in .+\.$/) });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('a stranger cannot lock an owner out', () => {
  test('wrong passwords for the owner from many addresses: the owner still signs in at once from a clean address', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('owner') });
    const attackers = Array.from({ length: 12 }, newAddress);
    let failures = 0;
    for (const address of attackers) {
      // Each address guesses until it is told to wait.
      for (let guess = 0; guess < 10; guess++) {
        const res = await signIn(user.email, `wrong guess ${guess}`, address);
        if (res.statusCode === 429) break;
        expect(res.statusCode, res.body).toBe(401);
        failures++;
      }
    }
    // Far past the old lockout (10 attempts for the email locked it for everyone).
    expect(failures).toBeGreaterThan(SIGN_IN_THROTTLE.slowDownAfter);

    const owner = await signIn(user.email, password, newAddress());
    expect(owner.statusCode, owner.body).toBe(200);
    // The right password from an address that has been guessing is still refused: it must wait.
    expectThrottled(await signIn(user.email, password, attackers[0]!));
  });

  test('one address gets 5 checks per account per 15 minutes; then even the right password waits', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('pair') });
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccountAndAddress; i++) {
      expect((await signIn(user.email, `nope ${i}`, address)).statusCode).toBe(401);
    }
    const blocked = await signIn(user.email, password, address);
    expectThrottled(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The same address may still sign in to another account.
    const other = await createUser(t.database.db, { email: uniqueEmail('colleague') });
    expect((await signIn(other.user.email, other.password, address)).statusCode).toBe(200);
  });

  test('a right password forgives that address its earlier failures on the account', async () => {
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('typo') });
    const address = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN_THROTTLE.perAccountAndAddress - 1; i++) {
        expect((await signIn(user.email, `typo ${i}`, address)).statusCode).toBe(401);
      }
      expect((await signIn(user.email, password, address)).statusCode).toBe(200);
    }
  });

  test('one address gets 20 failed checks over all accounts per 15 minutes', async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.perAddress; i++) {
      const res = await signIn(uniqueEmail(`spray-${Math.floor(i / 4)}`), 'guess', address);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const { user, password } = await createUser(t.database.db, { email: uniqueEmail('fresh') });
    expectThrottled(await signIn(user.email, password, address));
    expect((await signIn(user.email, password, newAddress())).statusCode).toBe(200);
  });

  test('an unknown email is throttled exactly like a real account, with the same answers', async () => {
    const { user } = await createUser(t.database.db, { email: uniqueEmail('real') });
    const unknown = uniqueEmail('ghost');
    const [forReal, forUnknown] = [[], []] as [string[], string[]];
    for (const [email, answers] of [[user.email, forReal], [unknown, forUnknown]] as const) {
      const address = newAddress();
      for (let i = 0; i < SIGN_IN_THROTTLE.perAccountAndAddress + 2; i++) {
        const res = await signIn(email, `guess ${i}`, address);
        answers.push(`${res.statusCode} ${res.json<{ message: string }>().message.replace(/\d+ \w+\.$/, 'N.')}`);
      }
    }
    expect(forUnknown).toEqual(forReal);
    expect(forReal.at(-1)).toMatch(/^429 /);
  });
});

describe('guessing stays bounded', () => {
  const HOUR = 60 * 60 * 1000;
  // The simulated hour lies in the past, so its rows never meet those of the requests above.
  const start = Date.now() - 3 * HOUR;

  /**
   * An attacker who knows the rules: every address tries again as soon as it was told it may
   * (Retry-After), or a second after a wrong guess. Counts the password checks granted in one hour.
   */
  async function passwordChecksInAnHour(email: string, addresses: string[]) {
    const nextTry = new Map(addresses.map((address) => [address, start]));
    let checks = 0;
    for (let now = start; now < start + HOUR; now += 1000) {
      for (const address of addresses) {
        if (nextTry.get(address)! > now) continue;
        const claim = await claimSignInCheck(t.app.ctx, { email, address }, new Date(now));
        if (claim.granted) checks++;
        nextTry.set(address, now + (claim.granted ? 1000 : claim.retryAfterSeconds * 1000));
      }
    }
    return checks;
  }

  test('from one address: at most 5 password checks per 15 minutes, 20 an hour', async () => {
    const checks = await passwordChecksInAnHour(uniqueEmail('one-address'), [newAddress()]);
    expect(checks).toBeLessThanOrEqual(4 * SIGN_IN_THROTTLE.perAccountAndAddress);
    expect(checks).toBeGreaterThan(0);
  });

  test('from 30 addresses: one check per address, then the account paces the rest to about one a minute', async () => {
    const addresses = Array.from({ length: 30 }, newAddress);
    const email = uniqueEmail('many-addresses');
    const checks = await passwordChecksInAnHour(email, addresses);
    // Each new address gets one immediate check (that is how the owner signs in from a clean one);
    // after that the account answers failing addresses at most once a minute, plus the slowdown's run-up.
    const paced = HOUR / SIGN_IN_THROTTLE.longestWait;
    expect(checks).toBeLessThanOrEqual(addresses.length + paced + SIGN_IN_THROTTLE.slowDownAfter);
    // Without the pacing, 30 addresses at 5 per 15 minutes each would get 600.
    expect(checks).toBeLessThan(30 * 4 * SIGN_IN_THROTTLE.perAccountAndAddress);
    // At the end of the attack, the owner from a clean address is still checked at once.
    const owner = await claimSignInCheck(t.app.ctx, { email, address: newAddress() }, new Date(start + HOUR));
    expect(owner.granted).toBe(true);
  });
});
