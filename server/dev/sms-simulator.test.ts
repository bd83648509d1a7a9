import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { createSmsClient } from '../lib/sms/africastalking';
import { PRODUCTION_MPESA_TEST_ENV } from '../test/daraja';
import { PRODUCTION_TEST_JWT_SECRET } from '../test/env';
import { createTestContext } from '../test/harness';
import { PRODUCTION_SMS_TEST_ENV } from '../test/sms';
import { createSmsSimulator, type SmsSimulator } from './sms-simulator';

// The SMS simulator on its own: as strict as Africa's Talking about what it takes, failing as it
// fails, and posting the delivery reports after its delay.

const KEY = 'sim-key';
let simulator: SmsSimulator | undefined;
afterEach(async () => {
  await simulator?.close();
});

function withReports(delayMs = 0) {
  const reports: Record<string, string>[] = [];
  simulator = createSmsSimulator({
    username: 'sokoni-dev',
    apiKey: KEY,
    callbackUrl: 'http://127.0.0.1:1/api/v1/sms/delivery-reports/secret',
    delayMs,
    fetch: async (_url, init) => {
      reports.push(Object.fromEntries(new URLSearchParams(String(init.body))));
      return new Response('{"ok":true}', { status: 200 });
    },
  });
  return { simulator, reports };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the SMS simulator', () => {
  it('refuses a wrong key or username with 401 and a missing field with 400, as text', () => {
    const { simulator } = withReports();
    expect(
      simulator.messaging('nope', form({ username: 'sokoni-dev', to: '+254712345678', message: 'x' })),
    ).toEqual({
      status: 401,
      text: 'The supplied authentication is invalid',
    });
    expect(
      simulator.messaging(KEY, form({ username: 'other', to: '+254712345678', message: 'x' })).status,
    ).toBe(401);
    expect(simulator.messaging(KEY, form({ username: 'sokoni-dev', to: '+254712345678' }))).toEqual({
      status: 400,
      text: "Request is missing required form field 'message'",
    });
  });

  it('accepts a Kenyan mobile with a message id, refuses another number, and posts the reports after its delay', async () => {
    const { simulator, reports } = withReports(30);
    const answer = simulator.messaging(
      KEY,
      form({ username: 'sokoni-dev', to: '+254712345600,+254712345609,0712345678', message: 'Sokoni: hi' }),
    );
    expect(answer.status).toBe(201);
    const recipients = (
      answer as unknown as {
        json: { SMSMessageData: { Recipients: Record<string, unknown>[]; Message: string } };
      }
    ).json.SMSMessageData;
    expect(recipients.Message).toBe('Sent to 2/3 Total Cost: KES 1.6000');
    expect(recipients.Recipients.map((r) => [r.number, r.statusCode, r.status])).toEqual([
      ['+254712345600', 101, 'Success'],
      ['+254712345609', 101, 'Success'],
      ['0712345678', 403, 'InvalidPhoneNumber'],
    ]);
    expect(reports).toEqual([]);
    await simulator.settled();
    const ids = recipients.Recipients.slice(0, 2).map((r) => r.messageId);
    expect(reports).toEqual([
      { id: ids[0], status: 'Success', phoneNumber: '+254712345600', networkCode: '63902', retryCount: '0' },
      {
        id: ids[1],
        status: 'Failed',
        phoneNumber: '+254712345609',
        networkCode: '63902',
        retryCount: '0',
        failureReason: 'DeliveryFailure',
      },
    ]);
  });

  it('answers InsufficientBalance while the balance is empty, and sends no report', async () => {
    const { simulator, reports } = withReports();
    simulator.setBalanceEmpty(true);
    const client = createSmsClient({
      baseUrl: 'http://sim',
      username: 'sokoni-dev',
      apiKey: KEY,
      fetch: async (_url, init) => {
        const a = simulator.messaging((init.headers as Record<string, string>).apiKey, String(init.body));
        return 'json' in a
          ? Response.json(a.json, { status: a.status })
          : new Response(a.text, { status: a.status });
      },
    });
    expect(await client.send('254712345678', 'x')).toMatchObject({
      outcome: 'refused',
      retry: true,
      statusCode: 405,
    });
    simulator.setBalanceEmpty(false);
    expect(await client.send('254712345678', 'x')).toMatchObject({ outcome: 'accepted', statusCode: 101 });
    await simulator.settled();
    expect(reports).toHaveLength(1);
  });

  it('is mounted outside production only, with the dev SMS outbox', async () => {
    const dev = await createTestContext();
    try {
      expect((await dev.request('/api/dev/sms')).status).toBe(200);
      expect((await dev.request('/api/dev/sms/phone')).status).toBe(200);
      const prod = createApp({
        env: parseEnv({
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
          SMTP_URL: 'smtp://127.0.0.1:1',
          PUBLIC_URL: 'https://sokoni.co.ke',
          ...PRODUCTION_MPESA_TEST_ENV,
          ...PRODUCTION_SMS_TEST_ENV,
          STATIC_DIR: '.tmp/no-spa',
        }),
        database: dev.database,
        logger: createLogger('silent'),
      });
      expect((await prod.request('/api/dev/sms')).status).toBe(404);
      expect((await prod.request('/api/dev/sms/phone')).status).toBe(404);
      expect(
        (await prod.request('/api/dev/africastalking/version1/messaging', { method: 'POST' })).status,
      ).toBe(404);
    } finally {
      await dev.close();
    }
  });
});
