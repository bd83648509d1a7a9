import { eq } from 'drizzle-orm';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_MPESA_TEST_ENV } from '../../test/daraja';
import { PRODUCTION_TEST_JWT_SECRET } from '../../test/env';
import { mailOutbox } from '../../db/schema';
import { EnvError, parseEnv } from '../../env';
import { createTestContext, recordingDb, type TestContext } from '../../test/harness';
import { createLogger } from '../logger';
import { claimDueMail, enqueueMail, wakeMailWorker, type MailMessage } from './outbox';
import { codeEmail, escapeHtml } from './templates';
import { createMailTransport, type MailTransport } from './transport';
import { deliverDueMail, mailOutboxJob } from '../../jobs/mail-outbox';
import { startJobs } from '../../jobs/runner';
import { PRODUCTION_SMS_TEST_ENV } from '../../test/sms';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const logger = createLogger('silent');
const message = (to = `m-${Math.random().toString(36).slice(2)}@example.com`): MailMessage => ({
  to,
  subject: 'Hello',
  text: 'Hello there',
  html: '<p>Hello there</p>',
});

/** A transport that fails the first `failures` sends, then records what it sends. */
function flaky(failures: number) {
  const sent: MailMessage[] = [];
  let left = failures;
  const transport: MailTransport = {
    kind: 'dev-mailbox',
    send: async (m) => {
      if (left-- > 0) throw new Error('connection reset');
      sent.push(m);
    },
    close: () => undefined,
  };
  return { transport, sent };
}

const rowOf = async (id: string) =>
  (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('the mail outbox', () => {
  it('retries a failed send with backoff, then marks it sent', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, message());
    const { transport, sent } = flaky(2);
    let now = new Date();
    const run = () => deliverDueMail({ db, transport, logger, pollMs: 1000, maxAttempts: 5, now: () => now });

    await run();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection reset' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await run()).toBe(0); // not due yet

    now = new Date(row.nextAttemptAt.getTime() + 1);
    await run();
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    now = new Date(row.nextAttemptAt.getTime() + 1);
    await run();
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sent.map((m) => m.to)).toEqual([row.to]);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    const db = ctx.database.db;
    // Alone in the outbox: earlier tests' messages, due again an hour later, must not take its turns.
    await db.delete(mailOutbox);
    const id = await enqueueMail(db, message());
    const { transport } = flaky(99);
    let now = new Date();
    // Each pass moves the clock past any backoff; the message must be given up after exactly 3 tries.
    for (let i = 0; i < 8 && (await rowOf(id))?.status !== 'failed'; i++) {
      await deliverDueMail({ db, transport, logger, pollMs: 1000, maxAttempts: 3, now: () => now });
      now = new Date(now.getTime() + 6 * 3_600_000);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'connection reset' });
  });

  it('never hands one message to two workers, and takes back a claim that ran out', async () => {
    const db = ctx.database.db;
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => enqueueMail(db, message())));
    const now = new Date(Date.now() + 10 * 3_600_000); // past every earlier test's backoff
    const [a, b] = await Promise.all([
      claimDueMail(db, { limit: 4, lockMs: 60_000, now }),
      claimDueMail(db, { limit: 4, lockMs: 60_000, now }),
    ]);
    const claimed = [...a!, ...b!].map((r) => r.id).filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBe(6);

    // Nobody finished them: once the claim runs out another worker takes them again.
    expect(await claimDueMail(db, { limit: 10, lockMs: 60_000, now })).toHaveLength(0);
    const later = await claimDueMail(db, {
      limit: 50,
      lockMs: 60_000,
      now: new Date(now.getTime() + 61_000),
    });
    expect(later.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it('records each send before the next: a worker that dies mid-batch leaves only the unsent to resend', async () => {
    const db = ctx.database.db;
    await db.delete(mailOutbox);
    for (let i = 0; i < 10; i++) await enqueueMail(db, message());
    const now = new Date();
    // The first worker's fourth send never ends: the process died there.
    const sent: string[] = [];
    const dying: MailTransport = {
      kind: 'dev-mailbox',
      send: async (m) => {
        if (sent.length === 3) await new Promise(() => undefined);
        sent.push(m.to);
      },
      close: () => undefined,
    };
    const { db: recorded, statements } = recordingDb(ctx.database);
    void deliverDueMail({
      db: recorded,
      transport: dying,
      logger,
      pollMs: 1000,
      maxAttempts: 3,
      now: () => now,
    });
    // One claim, then one statement per send, each before the next send: a "sent" batched for the
    // end of the claim would leave the three messages already sent to go out again after the lease.
    await expect.poll(() => statements.length).toBe(4);
    const statusTo = async () =>
      Object.fromEntries((await db.select().from(mailOutbox)).map((r) => [r.to, r.status]));
    const before = await statusTo();
    expect(Object.keys(before)).toHaveLength(10);
    const unsent = Object.keys(before).filter((to) => !sent.includes(to));
    for (const to of sent) expect(before[to]).toBe('sent');
    for (const to of unsent) expect(before[to]).toBe('sending');

    const { transport, sent: resent } = flaky(0);
    const run = (at: Date) =>
      deliverDueMail({ db, transport, logger, pollMs: 1000, maxAttempts: 3, now: () => at });
    expect(await run(new Date(now.getTime() + 59_000))).toBe(0);
    expect(await run(new Date(now.getTime() + 61_000))).toBe(7);
    expect(resent.map((m) => m.to).sort()).toEqual(unsent.sort());
    expect(Object.values(await statusTo())).toEqual(Array(10).fill('sent'));
  });

  it('sends a batch of ten in eleven statements: the claim and one "sent" each', async () => {
    const db = ctx.database.db;
    await db.delete(mailOutbox);
    for (let i = 0; i < 10; i++) await enqueueMail(db, message());
    const { db: recorded, statements } = recordingDb(ctx.database);
    const { transport, sent } = flaky(0);
    expect(await deliverDueMail({ db: recorded, transport, logger, pollMs: 1000, maxAttempts: 3 })).toBe(10);
    expect(sent).toHaveLength(10);
    expect(statements).toHaveLength(11);
  });

  it('runs as a loop that wakes when mail is queued', async () => {
    const db = ctx.database.db;
    const { transport, sent } = flaky(0);
    const worker = startJobs(
      [mailOutboxJob({ db, transport, logger, pollMs: 60_000, maxAttempts: 3 })],
      logger,
    );
    try {
      const m = message();
      await enqueueMail(db, m);
      wakeMailWorker();
      await expect.poll(() => sent.some((s) => s.to === m.to), { timeout: 5_000 }).toBe(true);
    } finally {
      await worker.stop();
    }
  });
});

describe('SMTP', () => {
  let smtp: Server;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    // Just enough of an SMTP server to take one message at a time.
    smtp = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
        }
        let eol;
        while (!data && (eol = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            data = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const env = (url: string) =>
    parseEnv({ NODE_ENV: 'test', SMTP_URL: url, MAIL_FROM: 'Sokoni <no-reply@sokoni.test>' });

  it('sends queued mail through SMTP_URL', async () => {
    const transport = createMailTransport(env(`smtp://127.0.0.1:${port}`), logger);
    expect(transport.kind).toBe('smtp');
    const db = ctx.database.db;
    const id = await enqueueMail(
      db,
      codeEmail({
        to: 'buyer@example.com',
        code: '482913',
        purpose: 'register',
        link: 'http://x/y',
        minutes: 10,
        language: 'en',
      }),
    );
    await deliverDueMail({
      db,
      transport,
      logger,
      pollMs: 1000,
      maxAttempts: 3,
      now: () => new Date(Date.now() + 10 * 3_600_000),
    });
    transport.close();
    expect((await rowOf(id)).status).toBe('sent');
    const raw = received.find((r) => r.includes('buyer@example.com'))!;
    expect(raw).toContain('482913');
    expect(raw).toContain('no-reply@sokoni.test');
  });

  it('keeps the message for a retry when the SMTP server is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = createMailTransport(env(`smtp://127.0.0.1:${deadPort}`), logger);
    const db = ctx.database.db;
    const id = await enqueueMail(db, message());
    await deliverDueMail({
      db,
      transport,
      logger,
      pollMs: 1000,
      maxAttempts: 3,
      now: () => new Date(Date.now() + 20 * 3_600_000),
    });
    transport.close();
    const row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('the code email', () => {
  it('is written in the language of the page that asked for it', () => {
    const at = { to: 'a@example.com', code: '012345', link: 'https://shop.example/x', minutes: 10 };
    const sw = codeEmail({ ...at, purpose: 'login', language: 'sw' });
    expect(sw.subject).toBe('Msimbo wako wa uthibitisho wa Sokoni');
    expect(sw.text).toContain('Tumia msimbo huu kuingia kwenye Sokoni:');
    expect(sw.text).toContain('dakika 10');
    expect(sw.html).toContain('<html lang="sw-KE">');
    expect(sw.html).toContain('Weka msimbo');
    const en = codeEmail({ ...at, purpose: 'login', language: 'en' });
    expect(en.subject).toBe('Your Sokoni verification code');
    expect(en.html).toContain('<html lang="en-KE">');
  });

  it('has the code in its text part and an escaped HTML part', () => {
    const m = codeEmail({
      to: 'a@example.com',
      code: '012345',
      purpose: 'reset',
      link: 'https://shop.example/auth/verify-account/x?a=1&b=<2>',
      minutes: 10,
      language: 'en',
    });
    expect(m.text).toContain('012345');
    expect(m.text).toContain('10 minutes');
    expect(m.html).toContain('012345');
    expect(m.html).toContain('a=1&amp;b=&lt;2&gt;');
    expect(m.html).not.toContain('<2>');
    expect(escapeHtml(`<img src=x onerror="alert('1')">`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;',
    );
  });
});

describe('configuration and the dev mailbox', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: PRODUCTION_TEST_JWT_SECRET,
    ...PRODUCTION_MPESA_TEST_ENV,
    ...PRODUCTION_SMS_TEST_ENV,
  };

  it('refuses to start production without SMTP_URL or PUBLIC_URL', () => {
    expect(() => parseEnv(production)).toThrow(EnvError);
    expect(() => parseEnv(production)).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ ...production, SMTP_URL: 'smtp://mail:587' })).toThrow(/PUBLIC_URL/);
    expect(() =>
      parseEnv({ ...production, SMTP_URL: 'http://mail', PUBLIC_URL: 'https://sokoni.co.ke' }),
    ).toThrow(/SMTP_URL/);
    expect(
      parseEnv({ ...production, SMTP_URL: 'smtps://u:p@mail:465', PUBLIC_URL: 'https://sokoni.co.ke' })
        .SMTP_URL,
    ).toBe('smtps://u:p@mail:465');
  });

  it('has auth defaults and reads TRUST_PROXY', () => {
    const env = parseEnv({ NODE_ENV: 'test' });
    expect(env).toMatchObject({
      JWT_ISSUER: 'sokoni',
      JWT_AUDIENCE: 'sokoni-web',
      JWT_TTL_SECONDS: 604800,
      TRUST_PROXY: 0,
    });
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('shows the mailbox page with every message escaped', async () => {
    const to = 'page@example.com';
    await enqueueMail(ctx.database.db, {
      to,
      subject: '<script>alert(1)</script>',
      text: 'a <b>bold</b> claim',
      html: '<p onclick="x()">hi</p>',
    });
    const res = await ctx.request(`/api/dev/mailbox?to=${to}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('a &lt;b&gt;bold&lt;/b&gt; claim');
    expect(page).toContain('<iframe sandbox');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const json = await (await ctx.request(`/api/dev/outbox?to=${to}`)).json();
    expect(json.data[0]).toMatchObject({ to, subject: '<script>alert(1)</script>' });
  });

  it('does not exist in production', async () => {
    const prod = await createTestContext({
      ...production,
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'https://sokoni.co.ke',
    });
    try {
      expect((await prod.request('/api/dev/outbox')).status).toBe(404);
      expect((await prod.request('/api/dev/mailbox')).status).toBe(404);
      expect((await prod.request('/api/v1/setups/countries')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
