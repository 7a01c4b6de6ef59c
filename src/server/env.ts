import { Cron } from 'croner';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy.js';

/**
 * The only reader of process.env. Every setting is checked once at start so a bad value fails
 * fast with a message naming the setting, instead of surfacing later as an odd runtime error.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('VendVote <no-reply@vendvote.local>'),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAILS: z.string().default(''),
  // Where contact-page messages are mailed; without it they are only kept for administrators.
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  // Earlier SESSION_SECRETs, comma-separated, still accepted while they are retired (see README).
  SESSION_SECRET_FALLBACKS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((secret) => secret.trim()).filter(Boolean))
    .refine((secrets) => secrets.every((secret) => secret.length >= 32), 'Each of SESSION_SECRET_FALLBACKS must be at least 32 characters'),
  // Seals the secrets we hold for operators (retail affiliate keys); generated in DATA_DIR when unset.
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters').optional(),
  // Outgoing webhooks may go to http:// and to private, loopback or link-local addresses (on-premises installs, tests).
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  REDIS_URL: z.string().url().optional(),
  // Which proxies may report the client's address: false, true (the nearest one), a hop count, or their addresses/CIDRs.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  // Billing. Without a secret key checkout answers 'Billing is not configured' and admins set plans.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  STRIPE_PRICE_GROWTH: z.string().startsWith('price_', 'STRIPE_PRICE_GROWTH must be a price id (price_…)').optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().startsWith('price_', 'STRIPE_PRICE_ENTERPRISE must be a price id (price_…)').optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  // Printing magnets. Without a token and shop, orders wait as pending for manual fulfilment.
  PRINTIFY_API_TOKEN: z.string().optional(),
  PRINTIFY_SHOP_ID: z.string().regex(/^\d+$/, 'PRINTIFY_SHOP_ID must be the number of the shop').optional(),
  PRINTIFY_PRODUCT_ID: z.string().regex(/^[A-Za-z0-9_-]+$/, 'PRINTIFY_PRODUCT_ID must be a product id').optional(),
  PRINTIFY_WEBHOOK_SECRET: z.string().optional(),
  PRINTIFY_API_BASE: z.string().url().optional(),
  // The resource hub's retail links. The tag is the platform's Amazon Associates tracking id; without
  // it the links carry none. The base URL points the links at another Amazon store or a local server.
  AMAZON_ASSOCIATE_TAG: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'AMAZON_ASSOCIATE_TAG must be an Associates tracking id such as vendvote-20').optional(),
  AMAZON_BASE_URL: z.string().url().optional(),
  // Compatible local servers for the retail integrations' connection tests (tests, local development).
  AMAZON_API_BASE: z.string().url().optional(),
  FLEXOFFERS_API_BASE: z.string().url().optional(),
  // Uploaded files. Without it they live in DATA_DIR/uploads; with it, in an S3-compatible bucket.
  S3_URL: z
    .string()
    .regex(/^https?:\/\/[^:@/]+:[^@/]+@[^/]+\/[^/]+\/?$/, 'S3_URL must look like http://ACCESS_KEY:SECRET@host:port/bucket')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, 'S3_REGION must be a region name such as us-east-1').default('us-east-1'),
  // Scheduled backups: when (cron text, UTC), where (a folder; else the bucket of S3_URL; else DATA_DIR/backups), how many kept.
  BACKUP_SCHEDULE: z
    .string()
    .refine((value) => {
      try {
        new Cron(value, { paused: true }).stop();
        return true;
      } catch {
        return false;
      }
    }, 'BACKUP_SCHEDULE must be cron text such as "30 2 * * *" (every day at 02:30 UTC)')
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be 1 or more').default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus metrics on a port of their own, bound to HOST; unset: not served.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // How long a stopping instance keeps serving with /readyz at 503 before it refuses connections; see drainSeconds.
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
}).refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
  message: 'METRICS_PORT must differ from PORT: the metrics are never served on the public port',
  path: ['METRICS_PORT'],
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankAsMissing = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(blankAsMissing);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function parseAdminEmails(list: string): string[] {
  return list
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * DRAIN_SECONDS, or its default: 5 s on a PostgreSQL server, where instances run behind a load
 * balancer, long enough for a balancer checking /readyz every 2 s to see two failures; 0 on the
 * embedded database, which one process serves alone, so there is no other instance to send to.
 */
export function drainSeconds(env: Pick<Env, 'DRAIN_SECONDS' | 'DATABASE_URL'>): number {
  return env.DRAIN_SECONDS ?? (env.DATABASE_URL ? 5 : 0);
}
