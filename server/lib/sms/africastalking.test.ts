import { describe, expect, it } from 'vitest';
import { createSmsClient, type FetchLike } from './africastalking';

// The Africa's Talking client against canned answers: the exact request it makes, and what each
// answer (accepted, invalid phone, no balance, blacklisted, 5xx, timeout, garbage) means for the outbox.

const BASE = 'https://api.sandbox.africastalking.com';

/** A client whose fetch records the request and answers `reply`. */
function clientAnswering(reply: (init: RequestInit) => Response | Promise<Response>, timeoutMs = 1_000) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return reply(init);
  };
  const client = createSmsClient({
    baseUrl: `${BASE}/`,
    username: 'sandbox',
    apiKey: 'key-123',
    senderId: 'SOKONI',
    timeoutMs,
    fetch,
  });
  return { client, calls };
}

const answer = (recipients: unknown[], message = 'Sent to 1/1 Total Cost: KES 0.8000') =>
  new Response(JSON.stringify({ SMSMessageData: { Message: message, Recipients: recipients } }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });

const recipient = (statusCode: number, status: string, messageId = 'None') => ({
  statusCode,
  number: '+254712345678',
  status,
  cost: statusCode < 200 ? 'KES 0.8000' : '0',
  messageId,
});

describe("the Africa's Talking client", () => {
  it('posts the form the API asks for, with the key in the apiKey header', async () => {
    const { client, calls } = clientAnswering(() => answer([recipient(101, 'Success', 'ATXid_abc')]));
    const result = await client.send('254712345678', 'Sokoni: Oda yako SKN1042 imepokelewa & more');
    expect(result).toEqual({
      outcome: 'accepted',
      messageId: 'ATXid_abc',
      statusCode: 101,
      cost: 'KES 0.8000',
    });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe(`${BASE}/version1/messaging`);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      apiKey: 'key-123',
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      username: 'sandbox',
      to: '+254712345678',
      message: 'Sokoni: Oda yako SKN1042 imepokelewa & more',
      from: 'SOKONI',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('leaves `from` out without a sender id', async () => {
    let body = '';
    const client = createSmsClient({
      baseUrl: BASE,
      username: 'shop',
      apiKey: 'k',
      fetch: async (_url, init) => {
        body = String(init.body);
        return answer([recipient(100, 'Processed', 'ATXid_1')]);
      },
    });
    expect((await client.send('254712345678', 'hi')).outcome).toBe('accepted');
    expect(new URLSearchParams(body).has('from')).toBe(false);
  });

  it.each([
    [403, 'InvalidPhoneNumber', false, /cannot receive SMS/],
    [404, 'UnsupportedNumberType', false, /type SMS cannot reach/],
    [405, 'InsufficientBalance', true, /no balance left/],
    [406, 'UserInBlacklist', false, /blocked messages/],
    [409, 'DoNotDisturbRejection', false, /not to be disturbed/],
    [401, 'RiskHold', true, /on hold/],
    [402, 'InvalidSenderId', true, /AT_SENDER_ID/],
    [407, 'CouldNotRoute', true, /could not route/],
    [500, 'InternalServerError', true, /failed on its side/],
    [502, 'RejectedByGateway', true, /refused the message for now/],
  ])('reads status %i (%s) as refused, retry %s', async (code, status, retry, reason) => {
    const { client } = clientAnswering(() => answer([recipient(code, status)], 'Sent to 0/1 Total Cost: 0'));
    const result = await client.send('254712345678', 'hi');
    expect(result).toMatchObject({ outcome: 'refused', retry, statusCode: code });
    expect(result.outcome === 'refused' && result.reason).toMatch(reason);
  });

  it('reads an answer with no recipient by its Message', async () => {
    const { client } = clientAnswering(() => answer([], 'InvalidSenderId'));
    expect(await client.send('254712345678', 'hi')).toMatchObject({
      outcome: 'refused',
      retry: true,
      statusCode: 402,
    });
  });

  it('retries later when the gateway answers 5xx, and does not retry a request it calls bad', async () => {
    const down = clientAnswering(() => new Response('Service Unavailable', { status: 503 }));
    expect(await down.client.send('254712345678', 'hi')).toMatchObject({ outcome: 'refused', retry: true });
    const bad = clientAnswering(
      () => new Response("Request is missing required form field 'to'", { status: 400 }),
    );
    expect(await bad.client.send('254712345678', 'hi')).toMatchObject({
      outcome: 'refused',
      retry: false,
      reason: expect.stringMatching(/missing required form field/),
    });
    const key = clientAnswering(
      () => new Response('The supplied authentication is invalid', { status: 401 }),
    );
    expect(await key.client.send('254712345678', 'hi')).toMatchObject({
      outcome: 'refused',
      retry: true,
      reason: expect.stringMatching(/AT_API_KEY/),
    });
  });

  it('calls a timeout an unknown outcome: the message may have gone out', async () => {
    const { client } = clientAnswering(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error));
        }),
      50,
    );
    const result = await client.send('254712345678', 'hi');
    expect(result).toEqual({ outcome: 'unknown', reason: 'no answer from the gateway within 50 ms' });
  });

  it('calls a refused connection not sent (retry), and a cut one unknown', async () => {
    const refused = clientAnswering(() => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    });
    expect(await refused.client.send('254712345678', 'hi')).toMatchObject({
      outcome: 'refused',
      retry: true,
    });
    const cut = clientAnswering(() => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    });
    expect(await cut.client.send('254712345678', 'hi')).toMatchObject({ outcome: 'unknown' });
  });

  it('calls an answer it cannot read unknown, and a 504 too', async () => {
    const html = clientAnswering(() => new Response('<html>oops</html>', { status: 201 }));
    expect((await html.client.send('254712345678', 'hi')).outcome).toBe('unknown');
    const shape = clientAnswering(() => new Response('{"SMSMessageData": 3}', { status: 201 }));
    expect((await shape.client.send('254712345678', 'hi')).outcome).toBe('unknown');
    const proxy = clientAnswering(() => new Response('Gateway Timeout', { status: 504 }));
    expect((await proxy.client.send('254712345678', 'hi')).outcome).toBe('unknown');
    const noId = clientAnswering(() => answer([recipient(101, 'Success', 'None')]));
    expect((await noId.client.send('254712345678', 'hi')).outcome).toBe('unknown');
  });
});
