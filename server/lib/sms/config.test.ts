import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { PRODUCTION_MPESA_TEST_ENV } from '../../test/daraja';
import { PRODUCTION_TEST_JWT_SECRET } from '../../test/env';
import { PRODUCTION_SMS_TEST_ENV } from '../../test/sms';
import { AT_LIVE_URL, AT_SANDBOX_URL, smsSettings } from './config';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
  SMTP_URL: 'smtp://mail:587',
  PUBLIC_URL: 'https://sokoni.co.ke',
  ...PRODUCTION_MPESA_TEST_ENV,
};

describe("Africa's Talking configuration", () => {
  it('uses the built-in simulator outside production, and tells it where reports go', () => {
    const s = smsSettings(parseEnv({ PORT: '3210' }));
    expect(s).toMatchObject({
      baseUrl: 'http://127.0.0.1:3210/api/dev/africastalking',
      simulator: true,
      callbackUrl:
        'http://127.0.0.1:3210/api/v1/sms/delivery-reports/sokoni-dev-sms-callback-secret-change-me',
      timeoutMs: 10_000,
    });
    expect(s.senderId).toBeUndefined();
  });

  it('talks to the sandbox for the sandbox username and to the live API for any other', () => {
    expect(smsSettings(parseEnv({ AT_USERNAME: 'sandbox', AT_API_KEY: 'k' }))).toMatchObject({
      baseUrl: AT_SANDBOX_URL,
      simulator: false,
    });
    expect(
      smsSettings(parseEnv({ AT_USERNAME: 'sokoni', AT_API_KEY: 'k', AT_SENDER_ID: 'SOKONI' })),
    ).toMatchObject({
      baseUrl: AT_LIVE_URL,
      senderId: 'SOKONI',
    });
  });

  it('refuses half a credential pair and a bad sender id or callback secret anywhere', () => {
    expect(() => parseEnv({ AT_USERNAME: 'sokoni' })).toThrow(
      /AT_API_KEY: set AT_USERNAME and AT_API_KEY together/,
    );
    expect(() => parseEnv({ AT_API_KEY: 'k' })).toThrow(
      /AT_USERNAME: set AT_USERNAME and AT_API_KEY together/,
    );
    expect(() => parseEnv({ AT_SENDER_ID: 'SOKONI-SHOP-KENYA' })).toThrow(/AT_SENDER_ID/);
    expect(() => parseEnv({ SMS_CALLBACK_SECRET: 'short' })).toThrow(
      /SMS_CALLBACK_SECRET: must be 32 to 128/,
    );
  });

  it('refuses production without credentials, with the sandbox, the simulator or the development secret', () => {
    expect(() => parseEnv(production)).toThrow(/AT_USERNAME: production sends real SMS/);
    expect(() => parseEnv(production)).toThrow(/AT_API_KEY: production needs/);
    expect(() => parseEnv(production)).toThrow(
      /SMS_CALLBACK_SECRET: production needs its own callback secret/,
    );
    const live = { ...production, ...PRODUCTION_SMS_TEST_ENV };
    expect(() => parseEnv({ ...live, AT_USERNAME: 'sandbox' })).toThrow(
      /AT_USERNAME: production refuses the Africa's Talking sandbox/,
    );
    expect(() => parseEnv({ ...live, AT_BASE_URL: 'https://sokoni.co.ke/api/dev/africastalking' })).toThrow(
      /AT_BASE_URL: production refuses the SMS simulator/,
    );
    expect(() => parseEnv({ ...live, AT_BASE_URL: 'http://api.africastalking.com' })).toThrow(
      /over https:\/\/ only/,
    );
    expect(smsSettings(parseEnv(live))).toMatchObject({
      baseUrl: AT_LIVE_URL,
      simulator: false,
      callbackUrl: `https://sokoni.co.ke/api/v1/sms/delivery-reports/${PRODUCTION_SMS_TEST_ENV.SMS_CALLBACK_SECRET}`,
    });
  });
});
