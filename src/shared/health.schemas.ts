import { z } from 'zod';

/** `GET /healthz`: the process answers. */
export const LivenessSchema = z.object({ status: z.literal('ok') });

/** What `GET /readyz` checks, in the order it reports them. */
export const READINESS_CHECKS = ['draining', 'database', 'migrations'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/**
 * `GET /readyz`, 200 or 503: `failed` names the checks that failed, `checks` says for each 'ok' or
 * what is wrong, in a few words.
 */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  failed: z.array(z.enum(READINESS_CHECKS)),
  checks: z.object({ draining: z.string(), database: z.string(), migrations: z.string() }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
