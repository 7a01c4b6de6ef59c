import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createMachine, createProduct, createUser } from '../../src/server/db/factories.js';
import { VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR } from '../../src/shared/vote-rules.js';
import { createTestApp, type TestApp } from '../support/index.js';
import { expectJsonError } from './helpers.js';
import { voterCookieSetBy } from './voter.js';

/**
 * With REDIS_URL, every instance counts against the same hourly limit, so a script cannot spread
 * its votes over the instances behind a load balancer. Runs when TEST_REDIS_URL names a Redis
 * server (e.g. redis://127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

describe.runIf(redisUrl)('the hourly vote limit across instances (Redis)', () => {
  let t: TestApp;
  let redis: Redis;
  const instances: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    for (let i = 0; i < 2; i++) {
      const instance = await buildApp({ context: t.app.ctx, sessionSecret: SESSION_SECRET, redis });
      await instance.ready();
      instances.push(instance);
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    redis?.disconnect();
    await t.close();
  });

  test('votes from one address through two instances share one counter of 60 an hour', async () => {
    const { user } = await createUser(t.database.db);
    const machine = await createMachine(t.database.db, user.id);
    const product = await createProduct(t.database.db, user.id);
    // Counters in Redis outlive this run by up to an hour: an address of this run's own.
    const ip = `fd00::${process.pid.toString(16)}:${Date.now().toString(16).slice(-4)}`;
    const vote = async (instance: FastifyInstance) => {
      const page = await instance.inject({ method: 'GET', url: `/api/vote-page/${machine.id}`, remoteAddress: ip });
      const cookie = voterCookieSetBy(page)!;
      return instance.inject({
        method: 'POST',
        url: `/api/products/${product.id}/vote?machineId=${machine.id}`,
        payload: { voteType: 'up' },
        headers: { cookie },
        remoteAddress: ip,
      });
    };
    for (let i = 0; i < VOTES_PER_ADDRESS_PER_PRODUCT_PER_HOUR; i++) {
      const res = await vote(instances[i % 2]!);
      expect(res.statusCode, `vote ${i + 1}: ${res.body}`).toBe(201);
    }
    for (const instance of instances) expectJsonError(await vote(instance), 429, /^Lots of votes for this product/);
  });
});
