import { describe, expect, it } from 'vitest';
import { describeUrl } from './boot';
import { EnvError, parseEnv, shouldSeed } from './env';
import { PRODUCTION_MPESA_TEST_ENV } from './test/daraja';

/** A complete production environment. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(48),
  SMTP_URL: 'smtp://mail:587',
  PUBLIC_URL: 'https://sokoni.co.ke',
  ...PRODUCTION_MPESA_TEST_ENV,
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
    expect(parseEnv(PRODUCTION).HOST).toBe('0.0.0.0');
  });

  it('listens where HOST says, whatever NODE_ENV', () => {
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ NODE_ENV: 'test', HOST: '::' }).HOST).toBe('::');
    expect(parseEnv({ ...PRODUCTION, HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
  });

  it('names every bad variable and why', () => {
    const attempt = () => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('refuses development secrets and demo passwords in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: production needs its own secret/);
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        ADMIN_EMAIL: 'ops@sokoni.co.ke',
        ADMIN_PASSWORD: 'sokoni-admin-123',
      }),
    ).toThrow(/ADMIN_PASSWORD/);
  });

  it('does not seed in production unless asked', () => {
    expect(shouldSeed({ ...parseEnv({}), NODE_ENV: 'production' })).toBe(false);
    expect(shouldSeed({ ...parseEnv({ SEED: 'true' }), NODE_ENV: 'production' })).toBe(true);
  });

  it('never prints a database password', () => {
    expect(describeUrl('postgres://app:hunter2@db.internal:6543/shop')).toBe('db.internal:6543/shop');
  });
});
