import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyAttempts } from '../http-errors.js';

export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'vendvote-rl-', skipOnError: true } : {}),
  });
}

export interface LimitRule {
  /** Keeps each rule's counters apart from the others'. */
  name: string;
  max: number;
  windowMs: number;
  /** What one counter stands for: the caller's address, or the account named in the body. */
  per: 'ip' | 'email';
}

function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * A preHandler that counts requests per rule; it runs after validation, so the body is known.
 * Built on createRateLimit, not app.rateLimit: the latter's handlers run once per request, so on
 * a route with an address rule and an account rule only the first rule would ever count.
 */
export function limit(app: FastifyInstance, rule: LimitRule): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.per === 'ip' ? request.ip : emailOf(request)}`,
  });
  return async (request) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw tooManyAttempts(result.ttlInSeconds);
  };
}
