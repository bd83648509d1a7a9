import { z } from 'zod';

/** What `GET /api/health/live` answers: the process is up and its event loop turns. */
export const Liveness = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    uptimeSeconds: z.number().int().nonnegative(),
  })
  .meta({ id: 'Liveness' });
export type Liveness = z.infer<typeof Liveness>;

const ReadinessCheck = z
  .object({
    ok: z.boolean(),
    /** One plain sentence: what was found, and when not ok what is wrong. */
    message: z.string(),
  })
  .meta({ id: 'ReadinessCheck' });

/**
 * What `GET /api/health/ready` answers: 200 when every part an instance needs before it takes
 * traffic is there, 503 otherwise.
 */
export const Readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    /** The messages of the checks that failed, in the order of `checks`; empty when ready. */
    reasons: z.array(z.string()),
    checks: z.object({
      database: ReadinessCheck,
      migrations: ReadinessCheck,
      searchIndex: ReadinessCheck,
      jobs: ReadinessCheck,
    }),
    version: z.string(),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;
