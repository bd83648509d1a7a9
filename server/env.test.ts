import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeUrl } from './boot';
import { EnvError, parseEnv, shouldSeed } from './env';
import { PRODUCTION_MPESA_TEST_ENV } from './test/daraja';
import { PRODUCTION_TEST_JWT_SECRET } from './test/env';
import { PRODUCTION_SMS_TEST_ENV } from './test/sms';

/** Everything else production needs, so a test sees only what it is about. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail:587',
  PUBLIC_URL: 'https://sokoni.co.ke',
  ...PRODUCTION_MPESA_TEST_ENV,
  ...PRODUCTION_SMS_TEST_ENV,
};

describe('environment', () => {
  it('has working defaults for development', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(shouldSeed(env)).toBe(true);
  });

  it('listens on this machine only outside production, on every interface in production', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(parseEnv({ ...PRODUCTION, JWT_SECRET: PRODUCTION_TEST_JWT_SECRET }).HOST).toBe('0.0.0.0');
  });

  it('listens where HOST says, whatever NODE_ENV', () => {
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ NODE_ENV: 'test', HOST: '::' }).HOST).toBe('::');
    expect(parseEnv({ ...PRODUCTION, JWT_SECRET: PRODUCTION_TEST_JWT_SECRET, HOST: '127.0.0.1' }).HOST).toBe(
      '127.0.0.1',
    );
  });

  it('names every bad variable and why', () => {
    const attempt = () => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it('takes a metrics token of 32 characters or more, and a metrics port other than PORT', () => {
    const production = { ...PRODUCTION, JWT_SECRET: PRODUCTION_TEST_JWT_SECRET };
    expect(() => parseEnv({ ...production, METRICS_TOKEN: 'short-token' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters \(make one with `openssl rand -hex 32`\)/,
    );
    expect(() =>
      parseEnv({ ...production, METRICS_TOKEN: 'sokoni-metrics-token-for-production-2026' }),
    ).toThrow(/METRICS_TOKEN: is too easy to guess .*`openssl rand -hex 32`/);
    // Outside production any 32 characters do.
    expect(parseEnv({ METRICS_TOKEN: 'sokoni-metrics-token-for-testing' }).METRICS_TOKEN).toHaveLength(32);
    const token = randomBytes(32).toString('hex');
    expect(parseEnv({ ...production, METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    expect(() => parseEnv({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(parseEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });

  it('takes a Sentry DSN as the project settings show it, and refuses anything else', () => {
    const dsn = 'https://0123456789abcdef0123456789abcdef@o123456.ingest.us.sentry.io/4501234567890';
    expect(parseEnv({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging' })).toMatchObject({
      SENTRY_DSN: dsn,
      SENTRY_ENVIRONMENT: 'staging',
    });
    expect(() => parseEnv({ SENTRY_DSN: 'sentry.io/123' })).toThrow(/SENTRY_DSN: must be the Sentry DSN/);
    expect(() => parseEnv({ SENTRY_DSN: 'https://o123456.ingest.sentry.io/4501234567890' })).toThrow(
      /SENTRY_DSN: must be the Sentry DSN as the project settings show it/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('refuses development secrets and demo passwords in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: production needs its own secret/);
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
        ADMIN_EMAIL: 'ops@sokoni.co.ke',
        ADMIN_PASSWORD: 'sokoni-admin-123',
      }),
    ).toThrow(/ADMIN_PASSWORD/);
  });

  it('refuses a predictable JWT_SECRET in production, however long', () => {
    for (const secret of ['a'.repeat(32), 'ab'.repeat(16), 'abcdefgh'.repeat(8), '0123456789'.repeat(4)]) {
      const attempt = () => parseEnv({ ...PRODUCTION, JWT_SECRET: secret });
      expect(attempt, secret).toThrow(/JWT_SECRET: is too easy to guess/);
      expect(attempt, secret).toThrow(/openssl rand -base64 48/);
    }
  });

  // Each of these started a production server while the check counted character frequencies only.
  it.each([
    '0123456789abcdefghijklmnopqrstuvwxyz',
    'qwertyuiopasdfghjklzxcvbnm1234567890',
    'Sokoni-JWT-secret-for-production-2026',
  ])('refuses the guessable JWT_SECRET %s in production, saying how to make one', (secret) => {
    const attempt = () => parseEnv({ ...PRODUCTION, JWT_SECRET: secret });
    expect(attempt).toThrow(/JWT_SECRET: is too easy to guess \(about \d+ bits/);
    expect(attempt).toThrow(/openssl rand -base64 48/);
  });

  it('accepts random JWT_SECRETs in production, as openssl rand makes them', () => {
    const secrets = [PRODUCTION_TEST_JWT_SECRET];
    for (let i = 0; i < 5; i++) {
      secrets.push(randomBytes(48).toString('base64'), randomBytes(32).toString('base64'));
      secrets.push(randomBytes(32).toString('hex'));
    }
    for (const secret of secrets) {
      expect(parseEnv({ ...PRODUCTION, JWT_SECRET: secret }).JWT_SECRET, secret).toBe(secret);
    }
  });

  it('keeps the development default and any 32 characters outside production', () => {
    expect(parseEnv({}).JWT_SECRET).toMatch(/^sokoni-development-secret/);
    expect(parseEnv({ NODE_ENV: 'test', JWT_SECRET: 'a'.repeat(32) }).JWT_SECRET).toBe('a'.repeat(32));
  });

  it('does not seed in production unless asked', () => {
    expect(shouldSeed({ ...parseEnv({}), NODE_ENV: 'production' })).toBe(false);
    expect(shouldSeed({ ...parseEnv({ SEED: 'true' }), NODE_ENV: 'production' })).toBe(true);
  });

  it('never prints a database password', () => {
    expect(describeUrl('postgres://app:hunter2@db.internal:6543/shop')).toBe('db.internal:6543/shop');
  });
});
