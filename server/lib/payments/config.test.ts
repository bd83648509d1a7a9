import { describe, expect, it } from 'vitest';
import { MPESA_SANDBOX_PASSKEY, parseEnv } from '../../env';
import { PRODUCTION_TEST_JWT_SECRET } from '../../test/env';
import { PRODUCTION_SMS_TEST_ENV } from '../../test/sms';
import { darajaSettings, DARAJA_SANDBOX_URL, stkParties } from './config';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
  SMTP_URL: 'smtp://mail:587',
  PUBLIC_URL: 'https://sokoni.co.ke',
  MPESA_BASE_URL: 'https://api.safaricom.co.ke',
  MPESA_CONSUMER_KEY: 'live-key',
  MPESA_CONSUMER_SECRET: 'live-secret',
  MPESA_SHORTCODE: '600100',
  MPESA_PASSKEY: 'live-passkey',
  MPESA_CALLBACK_SECRET: 'a'.repeat(48),
  ...PRODUCTION_SMS_TEST_ENV,
};

describe('M-Pesa configuration', () => {
  it('uses the built-in simulator with the sandbox shortcode outside production', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ MPESA_SIMULATOR_DELAY_MS: 2000, MPESA_TIMEOUT_MS: 10_000 });
    expect(darajaSettings(env)).toEqual({
      baseUrl: 'http://127.0.0.1:3000/api/dev/daraja',
      consumerKey: 'sokoni-dev-consumer-key',
      consumerSecret: 'sokoni-dev-consumer-secret',
      accountType: 'paybill',
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

  it('takes a paybill by default and a Buy Goods till with its store number when told', () => {
    expect(stkParties(darajaSettings(parseEnv({ MPESA_SHORTCODE: '600100' })))).toEqual({
      TransactionType: 'CustomerPayBillOnline',
      BusinessShortCode: '600100',
      PartyB: '600100',
    });
    const till = darajaSettings(
      parseEnv({ MPESA_ACCOUNT_TYPE: 'till', MPESA_SHORTCODE: '7654321', MPESA_TILL_NUMBER: '5123456' }),
    );
    expect(till).toMatchObject({ accountType: 'till', shortcode: '7654321', tillNumber: '5123456' });
    expect(stkParties(till)).toEqual({
      TransactionType: 'CustomerBuyGoodsOnline',
      BusinessShortCode: '7654321',
      PartyB: '5123456',
    });
    // Outside production a till may be tried against the sandbox store number.
    expect(
      darajaSettings(parseEnv({ MPESA_ACCOUNT_TYPE: 'till', MPESA_TILL_NUMBER: '12345' })),
    ).toMatchObject({ shortcode: '174379', tillNumber: '12345' });
    expect(() => stkParties({ accountType: 'till', shortcode: '7654321' })).toThrow(/MPESA_TILL_NUMBER/);
  });

  it('refuses a till without its number, a paybill with one, and numbers that are not 5 to 7 digits', () => {
    const message = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('expected parseEnv to refuse');
    };
    expect(message({ MPESA_ACCOUNT_TYPE: 'till' })).toBe(
      'Invalid environment:\n  MPESA_TILL_NUMBER: MPESA_ACCOUNT_TYPE=till needs the till number shoppers pay into',
    );
    expect(message({ MPESA_TILL_NUMBER: '5123456' })).toMatch(
      /^Invalid environment:\n {2}MPESA_TILL_NUMBER: a paybill has no till number: .*MPESA_ACCOUNT_TYPE=till/,
    );
    expect(message({ MPESA_ACCOUNT_TYPE: 'buygoods' })).toBe(
      'Invalid environment:\n  MPESA_ACCOUNT_TYPE: must be paybill or till',
    );
    // One line for each bad variable.
    expect(
      message({ MPESA_ACCOUNT_TYPE: 'till', MPESA_SHORTCODE: '12345678', MPESA_TILL_NUMBER: '51-234' }).split(
        '\n',
      ),
    ).toEqual([
      'Invalid environment:',
      '  MPESA_SHORTCODE: must be the paybill or store number (5 to 7 digits)',
      '  MPESA_TILL_NUMBER: must be the till number (5 to 7 digits)',
    ]);
    for (const bad of ['1234', '12345678', ' 123456', '12345a']) {
      expect(message({ MPESA_ACCOUNT_TYPE: 'till', MPESA_TILL_NUMBER: bad })).toMatch(
        /MPESA_TILL_NUMBER: must be/,
      );
    }
    // An empty variable is unset, as everywhere else.
    expect(parseEnv({ MPESA_ACCOUNT_TYPE: '', MPESA_TILL_NUMBER: '' }).MPESA_ACCOUNT_TYPE).toBe('paybill');
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
      JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
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
    const liveTill = {
      ...production,
      MPESA_ACCOUNT_TYPE: 'till',
      MPESA_SHORTCODE: '7654321',
      MPESA_TILL_NUMBER: '5123456',
    };
    expect(darajaSettings(parseEnv(liveTill))).toMatchObject({ accountType: 'till', tillNumber: '5123456' });
    const { MPESA_SHORTCODE: _store, ...tillWithoutStore } = liveTill;
    expect(() => parseEnv(tillWithoutStore)).toThrow(/MPESA_SHORTCODE: production needs the store number/);
    expect(() => parseEnv({ ...production, MPESA_CALLBACK_BASE_URL: 'http://sokoni.co.ke' })).toThrow(
      /MPESA_CALLBACK_BASE_URL: Daraja calls back over https/,
    );
  });
});
