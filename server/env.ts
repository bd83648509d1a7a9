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
    JWT_ISSUER: z.string().min(1).default('sokoni'),
    JWT_AUDIENCE: z.string().min(1).default('sokoni-web'),
    /** Lifetime of a sign-in token and its session. */
    JWT_TTL_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
    /**
     * Proxies in front of the server whose X-Forwarded-For is trusted: 0 (default) takes the client IP
     * from the socket; n takes the n-th address from the right of X-Forwarded-For. `true` means 1.
     */
    TRUST_PROXY: z
      .string()
      .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
      .pipe(z.number().int().min(0).max(10))
      .default(0),
    /** Fixed window of the auth rate limits, and the requests each IP / each email may make per route in it. */
    AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    AUTH_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
    AUTH_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    /** Failed logins per email per hour before login is refused for that email. */
    AUTH_LOGIN_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** `smtp://user:pass@host:587` or `smtps://…`; without it (outside production) mail goes to the dev mailbox. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Sokoni <no-reply@sokoni.co.ke>'),
    /** Where people open the shop; links in emails start with it. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** How often the mail worker looks for due messages, and how many tries a message gets. */
    MAIL_POLL_MS: z.coerce.number().int().min(50).default(1_000),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'production needs its own secret' });
    }
    if (env.ADMIN_PASSWORD && DEMO_PASSWORDS.has(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'production refuses a demo password' });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'production sends real mail; the dev mailbox is off' });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'production needs the public address for links in emails' });
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

/** The shop's public address, without a trailing slash. */
export const publicUrl = (env: Env) => (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

/** Whether the sample catalogue is loaded into an empty database (default: outside production). */
export const shouldSeed = (env: Env) => env.SEED ?? env.NODE_ENV !== 'production';
