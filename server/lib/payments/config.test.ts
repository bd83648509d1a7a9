import { describe, expect, it } from 'vitest';
import { MPESA_SANDBOX_PASSKEY, parseEnv } from '../../env';
import { darajaSettings, DARAJA_SANDBOX_URL } from './config';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(48),
  SMTP_URL: 'smtp://mail:587',
  PUBLIC_URL: 'https://sokoni.co.ke',
  MPESA_BASE_URL: 'https://api.safaricom.co.ke',
  MPESA_CONSUMER_KEY: 'live-key',
  MPESA_CONSUMER_SECRET: 'live-secret',
  MPESA_SHORTCODE: '600100',
  MPESA_PASSKEY: 'live-passkey',
  MPESA_CALLBACK_SECRET: 'a'.repeat(48),
};

describe('M-Pesa configuration', () => {
  it('uses the built-in simulator with the sandbox shortcode outside production', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ MPESA_SIMULATOR_DELAY_MS: 2000, MPESA_TIMEOUT_MS: 10_000 });
    expect(darajaSettings(env)).toEqual({
      baseUrl: 'http://127.0.0.1:3000/api/dev/daraja',
      consumerKey: 'sokoni-dev-consumer-key',
      consumerSecret: 'sokoni-dev-consumer-secret',
      shortcode: '174379',
      passkey: MPESA_SANDBOX_PASSKEY,
      callbackUrl: `http://127.0.0.1:3000/api/v1/payments/mpesa/callback/${env.MPESA_CALLBACK_SECRET}`,
      timeoutMs: 10_000,
      simulator: true,
    });
  });

  it('follows PORT, HOST, PUBLIC_URL and MPESA_CALLBACK_BASE_URL', () => {
    expect(darajaSettings(parseEnv({ PORT: '4100', HOST: '::' })).baseUrl).toBe(
      'http://127.0.0.1:4100/api/dev/daraja',
    );
    expect(darajaSettings(parseEnv({ HOST: '::1' })).baseUrl).toBe('http://[::1]:3000/api/dev/daraja');
    expect(darajaSettings(parseEnv({ PUBLIC_URL: 'http://localhost:5173/' })).callbackUrl).toMatch(
      /^http:\/\/localhost:5173\/api\/v1\/payments\/mpesa\/callback\//,
    );
    const tunnelled = parseEnv({
      PUBLIC_URL: 'http://localhost:5173',
      MPESA_CALLBACK_BASE_URL: 'https://abc.ngrok.app',
    });
    expect(darajaSettings(tunnelled).callbackUrl).toMatch(
      /^https:\/\/abc\.ngrok\.app\/api\/v1\/payments\/mpesa\/callback\//,
    );
  });

  it('talks to the Daraja sandbox when credentials are set without an address', () => {
    const s = darajaSettings(parseEnv({ MPESA_CONSUMER_KEY: 'k', MPESA_CONSUMER_SECRET: 's' }));
    expect(s).toMatchObject({ baseUrl: DARAJA_SANDBOX_URL, consumerKey: 'k', simulator: false });
  });

  it('refuses half a credential pair and a short callback secret anywhere', () => {
    expect(() => parseEnv({ MPESA_CONSUMER_KEY: 'k' })).toThrow(
      /MPESA_CONSUMER_SECRET: set MPESA_CONSUMER_KEY and/,
    );
    expect(() => parseEnv({ MPESA_CALLBACK_SECRET: 'short' })).toThrow(/MPESA_CALLBACK_SECRET: must be 32/);
    expect(() => parseEnv({ MPESA_SHORTCODE: 'paybill' })).toThrow(/MPESA_SHORTCODE/);
    expect(() => parseEnv({ MPESA_TIMEOUT_MS: '10' })).toThrow(/MPESA_TIMEOUT_MS/);
  });

  it('needs real credentials in production and refuses the simulator and sandbox values', () => {
    const env = parseEnv(production);
    expect(darajaSettings(env)).toMatchObject({
      baseUrl: 'https://api.safaricom.co.ke',
      shortcode: '600100',
      callbackUrl: `https://sokoni.co.ke/api/v1/payments/mpesa/callback/${'a'.repeat(48)}`,
      simulator: false,
    });

    const bare = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(48),
      SMTP_URL: 'smtp://mail:587',
      PUBLIC_URL: 'https://sokoni.co.ke',
    };
    const attempt = () => parseEnv(bare);
    for (const v of [
      'MPESA_BASE_URL',
      'MPESA_CONSUMER_KEY',
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_PASSKEY',
      'MPESA_CALLBACK_SECRET',
    ]) {
      expect(attempt).toThrow(new RegExp(`${v}: `));
    }
    expect(() => parseEnv({ ...production, MPESA_BASE_URL: 'https://shop.example/api/dev/daraja' })).toThrow(
      /MPESA_BASE_URL: production refuses the Daraja simulator/,
    );
    expect(() => parseEnv({ ...production, MPESA_BASE_URL: 'http://daraja.internal' })).toThrow(
      /MPESA_BASE_URL: .*https/,
    );
    expect(() => parseEnv({ ...production, MPESA_PASSKEY: MPESA_SANDBOX_PASSKEY })).toThrow(
      /MPESA_PASSKEY: production refuses the sandbox/,
    );
    expect(() => parseEnv({ ...production, MPESA_CALLBACK_BASE_URL: 'http://sokoni.co.ke' })).toThrow(
      /MPESA_CALLBACK_BASE_URL: Daraja calls back over https/,
    );
  });
});
