import { z } from 'zod';

const DEV_JWT_SECRET = 'sokoni-development-secret-change-me-0123456789abcdef';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** PGlite data directory, used when DATABASE_URL is not set. */
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Load the sample catalogue into an empty database (and the demo accounts outside production). */
    SEED: boolish.optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters (256 bits)').default(DEV_JWT_SECRET),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Largest accepted request body in bytes (image uploads have their own limit). */
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1024 * 1024),
    /** Where the built SPA is served from. */
    STATIC_DIR: z.string().min(1).default('./dist'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'production needs its own secret' });
    }
    if (env.ADMIN_PASSWORD && DEMO_PASSWORDS.has(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'production refuses a demo password' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Passwords of the demo accounts the development seed creates; production refuses them. */
export const DEMO_PASSWORDS = new Set(['sokoni-admin-123', 'sokoni-shopper-123']);

export class EnvError extends Error {}

/** Parses the environment; a bad or missing value throws an EnvError naming each variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}

/** Whether the sample catalogue is loaded into an empty database (default: outside production). */
export const shouldSeed = (env: Env) => env.SEED ?? env.NODE_ENV !== 'production';
