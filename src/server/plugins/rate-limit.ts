import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { describeWait, HttpError, tooManyAttempts } from '../http-errors.js';

/**
 * Counters kept in the process (no Redis) live in an LRU map. Hourly rules, such as votes per
 * address and product, hold only while their counter is not pushed out by others, so the map is
 * far larger than the library's 5,000 (an entry is about 200 bytes: 100,000 are about 20 MB).
 */
const LOCAL_COUNTERS = 100_000;

export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'vendvote-rl-', skipOnError: true } : { cache: LOCAL_COUNTERS }),
  });
}

export interface LimitRule {
  /** Keeps each rule's counters apart from the others'. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * What one counter stands for: the caller's address, the account named in the body, or a key
   * of the rule's own (built from the validated request).
   */
  per: 'ip' | 'email' | ((request: FastifyRequest) => string);
  /** What a refused caller reads, given the wait (e.g. '5 minutes'); a generic text otherwise. */
  message?: (wait: string) => string;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

function keyOf(rule: LimitRule, request: FastifyRequest): string {
  if (rule.per === 'ip') return request.ip;
  if (rule.per === 'email') return emailOf(request);
  return rule.per(request);
}

/**
 * Counts one request against a rule and says whether it may go on. Built on createRateLimit, not
 * app.rateLimit: the latter's handlers run once per request, so on a route with an address rule
 * and an account rule only the first rule would ever count.
 */
export function limitCounter(app: FastifyInstance, rule: LimitRule): (request: FastifyRequest) => Promise<LimitVerdict> {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${keyOf(rule, request)}`,
  });
  return async (request) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return { allowed: true };
    const wait = describeWait(result.ttlInSeconds);
    const message = rule.message ? rule.message(wait) : tooManyAttempts(result.ttlInSeconds).message;
    return { allowed: false, retryAfterSeconds: result.ttlInSeconds, message };
  };
}

/** A preHandler that answers 429 with Retry-After past the rule; it runs after validation, so the body is known. */
export function limit(app: FastifyInstance, rule: LimitRule): preHandlerAsyncHookHandler {
  return refuseOverLimit(limitCounter(app, rule));
}

/** The JSON 429 of an API route, for a counter made with limitCounter. */
export function refuseOverLimit(count: (request: FastifyRequest) => Promise<LimitVerdict>): preHandlerAsyncHookHandler {
  return async (request) => {
    const verdict = await count(request);
    if (verdict.allowed) return;
    throw new HttpError(429, verdict.message, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
  };
}
