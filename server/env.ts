import { z } from 'zod';
import { MAX_UNPAID_ORDERS } from '../contract/checkout-rules';
import { PROMO_GUESSES_PER_MINUTE } from '../contract/promo';
import { DEFAULT_DELIVERY_SETTINGS as DELIVERY } from '../contract/delivery';
import { SHOP_WORDS } from '../contract/password-words';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';
import { guessBits, passwordWeakness } from './lib/auth/password-strength';

const DEV_JWT_SECRET = 'sokoni-development-secret-change-me-0123456789abcdef';

/** M-Pesa defaults outside production: Safaricom's public sandbox paybill and its published passkey. */
export const MPESA_SANDBOX_SHORTCODE = '174379';
export const MPESA_SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const DEV_MPESA_CALLBACK_SECRET = 'sokoni-dev-mpesa-callback-secret-change-me';
const DEV_SMS_CALLBACK_SECRET = 'sokoni-dev-sms-callback-secret-change-me';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address to listen on; unset: 0.0.0.0 (every interface) in production, else 127.0.0.1. */
    HOST: z.string().min(1).optional(),
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
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /** The per-instance cache of catalogue answers (server/modules/catalogue/cache.ts); `off` for comparisons. */
    CATALOGUE_CACHE: z.enum(['on', 'off']).default('on'),
    /** Where the built SPA is served from. */
    STATIC_DIR: z.string().min(1).default('./dist'),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    JWT_ISSUER: z.string().min(1).default('sokoni'),
    JWT_AUDIENCE: z.string().min(1).default('sokoni-web'),
    /** Lifetime of a sign-in token and its session. */
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    /**
     * Proxies in front of the server whose X-Forwarded-For is trusted: 0 (default) takes the client IP
     * from the socket; n takes the n-th address from the right of X-Forwarded-For. `true` means 1.
     */
    TRUST_PROXY: z
      .string()
      .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
      .pipe(z.number().int().min(0).max(10))
      .default(0),
    /**
     * Fixed window of the auth rate limits, and the requests each IP / each email may make per route in
     * it. Generous per IP: many honest shoppers share one carrier-grade NAT address; guessing is
     * stopped by the failure counts below, not by counting requests.
     */
    AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    AUTH_RATE_PER_IP: z.coerce.number().int().min(1).default(300),
    AUTH_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    /** Wrong passwords for one account from one client before each further one doubles a delay (1 s, 2 s… 15 min). */
    AUTH_LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
    /** Wrong passwords from one IP (any accounts) per window before its password sign-ins wait for the window. */
    AUTH_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    /**
     * Unknown promo codes one account, and one client address, may try per window before every code
     * they send is a 429 until the window lets one out. Valid codes never count, so shoppers sharing
     * one carrier-grade NAT address are not stopped by each other's honest codes.
     */
    PROMO_WRONG_CODES_PER_ACCOUNT: z.coerce.number().int().min(1).default(PROMO_GUESSES_PER_MINUTE),
    PROMO_WRONG_CODES_PER_IP: z.coerce.number().int().min(1).default(PROMO_GUESSES_PER_MINUTE),
    PROMO_WRONG_CODES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** `smtp://user:pass@host:587` or `smtps://…`; without it (outside production) mail goes to the dev mailbox. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Sokoni <no-reply@sokoni.co.ke>'),
    /** Where people open the shop; links in emails start with it. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** How often the mail worker looks for due messages, and how many tries a message gets. */
    MAIL_POLL_MS: z.coerce.number().int().min(50).default(1_000),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    /**
     * Daraja's address (https://api.safaricom.co.ke in production). Unset outside production: the
     * built-in simulator at /api/dev/daraja, or the Daraja sandbox when consumer key and secret are set.
     */
    MPESA_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    MPESA_CONSUMER_KEY: z.string().min(1).optional(),
    MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
    /**
     * How shoppers pay: `paybill` (Daraja's CustomerPayBillOnline, the sandbox) or `till` (a Buy Goods
     * till, CustomerBuyGoodsOnline).
     */
    MPESA_ACCOUNT_TYPE: z.enum(['paybill', 'till'], { error: 'must be paybill or till' }).default('paybill'),
    /**
     * The paybill number, or for a till the store number (head office) Daraja gave the passkey for;
     * it is the BusinessShortCode and part of the password. The sandbox's 174379 outside production when unset.
     */
    MPESA_SHORTCODE: z
      .string()
      .regex(/^\d{5,7}$/, 'must be the paybill or store number (5 to 7 digits)')
      .optional(),
    /** The Buy Goods till number shoppers pay into (PartyB); only with MPESA_ACCOUNT_TYPE=till. */
    MPESA_TILL_NUMBER: z
      .string()
      .regex(/^\d{5,7}$/, 'must be the till number (5 to 7 digits)')
      .optional(),
    MPESA_PASSKEY: z.string().min(1).optional(),
    /** The public address Daraja calls back; unset means PUBLIC_URL, then the server itself. */
    MPESA_CALLBACK_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    /** The secret last segment of the callback path, so only Daraja (who was told it) can post results. */
    MPESA_CALLBACK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _ (it is part of a URL)')
      .default(DEV_MPESA_CALLBACK_SECRET),
    /** How long the simulator's virtual phone takes to answer a prompt. */
    MPESA_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    /** How long one request to Daraja may take before it counts as failed (and retryable). */
    MPESA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * Africa's Talking, for order updates by SMS. Unset outside production: the built-in simulator at
     * /api/dev/africastalking. With AT_USERNAME=sandbox, the Africa's Talking sandbox; with another
     * username, the live API. AT_BASE_URL overrides the address (e.g. one instance's simulator).
     */
    AT_USERNAME: z.string().min(1).max(100).optional(),
    AT_API_KEY: z.string().min(1).optional(),
    /** The alphanumeric sender id or short code texts come from; unset: the gateway's default. */
    AT_SENDER_ID: z
      .string()
      .regex(
        /^[A-Za-z0-9 ]{1,11}$/,
        "must be the sender id Africa's Talking approved (at most 11 letters or digits)",
      )
      .optional(),
    AT_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    /** The secret last segment of the delivery-report path, so only Africa's Talking can post reports. */
    SMS_CALLBACK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _ (it is part of a URL)')
      .default(DEV_SMS_CALLBACK_SECRET),
    /** How long one send to the gateway may take before its outcome counts as unknown. */
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** How often the SMS worker looks for due messages, and how many tries a message gets. */
    SMS_POLL_MS: z.coerce.number().int().min(50).default(1_000),
    SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    /**
     * How long a message whose send had no answer waits for the gateway's delivery report before it is
     * sent again (a report settles it; without one, the gateway most likely never had it).
     */
    SMS_UNKNOWN_WAIT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
    /** How long the simulator takes to post a delivery report. */
    SMS_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    /** The simulator answers every send InsufficientBalance (405) while this is on. */
    SMS_SIMULATOR_BALANCE_EMPTY: boolish.default(false),
    /** Orders one account may have holding stock while waiting for payment; the next checkout is a 409. */
    CHECKOUT_MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(100).default(MAX_UNPAID_ORDERS),
    /**
     * Checkouts one instance runs at once; the others wait in line. Checkouts of one product queue on
     * its stock row anyway, so more at once only hold more database connections while they wait.
     */
    CHECKOUT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    /** How long a checkout may wait in that line before it is answered 503 with Retry-After. */
    CHECKOUT_QUEUE_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    /** M-Pesa prompts (checkouts and "pay again") one account may start per hour. */
    PROMPTS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** M-Pesa prompts one paying phone number may receive per minute and per hour, whoever asks. */
    PROMPTS_PER_PHONE_PER_MINUTE: z.coerce.number().int().min(1).default(3),
    PROMPTS_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Where deliveries leave from (default: Nairobi CBD); the delivery fee grows with the distance. */
    SHOP_LAT: z.coerce.number().min(-5).max(5.5).default(DELIVERY.shop.lat),
    SHOP_LNG: z.coerce.number().min(33.5).max(42.5).default(DELIVERY.shop.lng),
    /** Delivery fee = base + per km × straight-line km, rounded up to 10 KSH, then kept within min and max. */
    DELIVERY_BASE_FEE: z.coerce.number().int().min(0).max(100_000).default(DELIVERY.baseFee),
    DELIVERY_PER_KM: z.coerce.number().min(0).max(10_000).default(DELIVERY.perKm),
    DELIVERY_MIN_FEE: z.coerce.number().int().min(0).max(100_000).default(DELIVERY.minFee),
    DELIVERY_MAX_FEE: z.coerce.number().int().min(0).max(100_000).default(DELIVERY.maxFee),
    /** How long an M-Pesa prompt may go unanswered before the payment expires and its stock goes back. */
    PAYMENT_EXPIRY_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
    /** How long after a prompt without a callback the reconciler first asks Daraja (then with backoff). */
    PAYMENT_QUERY_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    /** How often the payment reconciler looks for attempts to query or expire. */
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
    /**
     * The bearer token GET /metrics asks for (Prometheus's `authorization` credentials); without it and
     * without METRICS_PORT, /metrics does not exist.
     */
    METRICS_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters (make one with `openssl rand -hex 32`)')
      .optional(),
    /** Where server errors are reported (a Sentry DSN); unset: nowhere but the log. */
    SENTRY_DSN: z
      .url({ protocol: /^https?$/, error: 'must be the Sentry DSN, an http(s):// URL' })
      // Sentry's own reading of a DSN: a key of letters and digits, then the host and the project id.
      .regex(/^https?:\/\/\w+(:\w*)?@[\w.-]+(:\d+)?\/(.*\/)?\w+$/, {
        error: 'must be the Sentry DSN as the project settings show it: https://<key>@<host>/<project id>',
      })
      .optional(),
    /** The environment the reports are filed under; unset: NODE_ENV. */
    SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
    /** A port of its own for GET /metrics, on 127.0.0.1 only (no token asked there). */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * false: this instance runs none of the shop's background work (the payment reconciler, the mail
     * and SMS outboxes, housekeeping, the dashboard rollup), so all its time goes to the requests it
     * is sent, e.g. the storefront's reads during a sale; another instance must run them.
     */
    RUN_JOBS: boolish.default(true),
  })
  .superRefine((env, ctx) => {
    // The admin account ADMIN_PASSWORD makes is held to what sign-up asks of any new password.
    const adminWeakness =
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? passwordWeakness(env.ADMIN_PASSWORD, { email: env.ADMIN_EMAIL, name: 'Administrator' })
        : null;
    if (adminWeakness) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: adminWeakness });
    if (env.NODE_ENV !== 'production') return;
    if (env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'production needs its own secret' });
    } else {
      const weakness = secretWeakness(env.JWT_SECRET);
      if (weakness) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: weakness });
    }
    // Whoever has the metrics token sees the shop's traffic and payments: as hard to guess as JWT_SECRET.
    const metricsWeakness = env.METRICS_TOKEN ? secretWeakness(env.METRICS_TOKEN) : null;
    if (metricsWeakness) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: metricsWeakness.replace('openssl rand -base64 48', 'openssl rand -hex 32'),
      });
    }
    if (env.ADMIN_PASSWORD && DEMO_PASSWORDS.has(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'production refuses a demo password',
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'production sends real mail; the dev mailbox is off',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'production needs the public address for links in emails',
      });
    }
  })
  .superRefine((env, ctx) => {
    const issue = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
    // Half a credential pair is a typo, not a choice; say so rather than silently using the simulator.
    if (!env.MPESA_CONSUMER_KEY !== !env.MPESA_CONSUMER_SECRET) {
      const missing = env.MPESA_CONSUMER_KEY ? 'MPESA_CONSUMER_SECRET' : 'MPESA_CONSUMER_KEY';
      issue(missing, 'set MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET together');
    }
    // A till without its number (or a paybill with one) would send prompts Daraja refuses.
    if (env.MPESA_ACCOUNT_TYPE === 'till' && !env.MPESA_TILL_NUMBER) {
      issue('MPESA_TILL_NUMBER', 'MPESA_ACCOUNT_TYPE=till needs the till number shoppers pay into');
    }
    if (env.MPESA_ACCOUNT_TYPE === 'paybill' && env.MPESA_TILL_NUMBER) {
      issue(
        'MPESA_TILL_NUMBER',
        'a paybill has no till number: remove it, or set MPESA_ACCOUNT_TYPE=till (MPESA_SHORTCODE = the store number)',
      );
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.MPESA_BASE_URL) {
      issue(
        'MPESA_BASE_URL',
        "production takes real payments: set Daraja's address (https://api.safaricom.co.ke)",
      );
    } else if (isDarajaSimulatorUrl(env.MPESA_BASE_URL)) {
      issue('MPESA_BASE_URL', 'production refuses the Daraja simulator');
    } else if (!env.MPESA_BASE_URL.startsWith('https://')) {
      issue('MPESA_BASE_URL', 'production talks to Daraja over https:// only');
    }
    if (!env.MPESA_CONSUMER_KEY)
      issue('MPESA_CONSUMER_KEY', "production needs the Daraja app's consumer key");
    if (!env.MPESA_CONSUMER_SECRET)
      issue('MPESA_CONSUMER_SECRET', "production needs the Daraja app's consumer secret");
    if (!env.MPESA_SHORTCODE)
      issue(
        'MPESA_SHORTCODE',
        env.MPESA_ACCOUNT_TYPE === 'till'
          ? 'production needs the store number of the till'
          : 'production needs the paybill number payments go to',
      );
    if (!env.MPESA_PASSKEY) issue('MPESA_PASSKEY', 'production needs the Lipa na M-Pesa Online passkey');
    else if (env.MPESA_PASSKEY === MPESA_SANDBOX_PASSKEY)
      issue('MPESA_PASSKEY', 'production refuses the sandbox passkey');
    if (env.MPESA_CALLBACK_SECRET === DEV_MPESA_CALLBACK_SECRET) {
      issue(
        'MPESA_CALLBACK_SECRET',
        'production needs its own callback secret (e.g. `openssl rand -hex 32`)',
      );
    }
    const callbackBase = env.MPESA_CALLBACK_BASE_URL ?? env.PUBLIC_URL;
    if (callbackBase && !callbackBase.startsWith('https://')) {
      issue(
        'MPESA_CALLBACK_BASE_URL',
        'Daraja calls back over https:// only; set MPESA_CALLBACK_BASE_URL or an https PUBLIC_URL',
      );
    }
  })
  .superRefine((env, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!env.AT_USERNAME !== !env.AT_API_KEY) {
      const missing = env.AT_USERNAME ? 'AT_API_KEY' : 'AT_USERNAME';
      issue(missing, 'set AT_USERNAME and AT_API_KEY together');
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.AT_USERNAME)
      issue('AT_USERNAME', "production sends real SMS: set the Africa's Talking app's username");
    else if (env.AT_USERNAME === 'sandbox')
      issue('AT_USERNAME', "production refuses the Africa's Talking sandbox");
    if (!env.AT_API_KEY) issue('AT_API_KEY', "production needs the Africa's Talking API key");
    if (env.AT_BASE_URL && isSmsSimulatorUrl(env.AT_BASE_URL))
      issue('AT_BASE_URL', 'production refuses the SMS simulator');
    else if (env.AT_BASE_URL && !env.AT_BASE_URL.startsWith('https://'))
      issue('AT_BASE_URL', "production talks to Africa's Talking over https:// only");
    if (env.SMS_CALLBACK_SECRET === DEV_SMS_CALLBACK_SECRET)
      issue('SMS_CALLBACK_SECRET', 'production needs its own callback secret (e.g. `openssl rand -hex 32`)');
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (the metrics listen on a port of their own)',
      });
    }
    if (env.DELIVERY_MIN_FEE > env.DELIVERY_MAX_FEE) {
      ctx.addIssue({
        code: 'custom',
        path: ['DELIVERY_MIN_FEE'],
        message: 'must not be above DELIVERY_MAX_FEE',
      });
    }
  })
  // Development is not open to the network unless asked: it has demo accounts and a mailbox of sign-in codes.
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
  }));

export type Env = z.infer<typeof EnvSchema>;

/** What production asks of JWT_SECRET beyond its length: 2^128 guesses, as zxcvbn estimates them. */
const SECRET_MIN_BITS = 128;

/**
 * Why a secret is too easy to guess for production, or null when it is not. zxcvbn sees sequences,
 * keyboard walks, repeats, dates and words (the shop's first); it counts a random character as about
 * 3.3 bits, so 128 bits takes some 40 random characters: `openssl rand -base64 48` gives 64.
 */
function secretWeakness(secret: string): string | null {
  const bits = Math.floor(guessBits(secret, SHOP_WORDS));
  if (bits >= SECRET_MIN_BITS) return null;
  return (
    `is too easy to guess (about ${bits} bits by zxcvbn's estimate; production needs ${SECRET_MIN_BITS}): ` +
    'make one with `openssl rand -base64 48`'
  );
}

/** Passwords of the demo accounts the development seed creates; production refuses them. */
export const DEMO_PASSWORDS: ReadonlySet<string> = new Set(
  Object.values(DEMO_ACCOUNTS).map((a) => a.password),
);

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

/** Whether an address is the built-in Daraja simulator (which production refuses). */
const isDarajaSimulatorUrl = (url: string) => /\/dev\/daraja\/?$/.test(new URL(url).pathname);

/** Whether an address is the built-in SMS simulator (which production refuses). */
const isSmsSimulatorUrl = (url: string) => /\/dev\/africastalking\/?$/.test(new URL(url).pathname);

/** Whether the sample catalogue is loaded into an empty database (default: outside production). */
export const shouldSeed = (env: Env) => env.SEED ?? env.NODE_ENV !== 'production';
