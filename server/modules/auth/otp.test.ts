import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, otpChallenges, profileTokens } from '../../db/schema';
import type { TestContext } from '../../test/harness';
import { authTestContext, client, createUser, latestCode, uniqueEmail } from '../../test/auth';

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await authTestContext();
  api = client(ctx);
});
afterAll(() => ctx.close());

async function start(email = uniqueEmail()) {
  const { data } = await (await api.post('/auth/get-user', { email })).json();
  return { email, id: data.id as string, code: await latestCode(ctx.database.db, email) };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves a challenge's clock: as if its last code was sent `seconds` ago. */
async function age(id: string, seconds: number) {
  await ctx.database.db
    .update(otpChallenges)
    .set({
      lastSentAt: sql`${otpChallenges.lastSentAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${otpChallenges.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpChallenges.id, id));
}

describe('one-time codes', () => {
  it('ends the challenge after 5 wrong codes, even for the right code afterwards', async () => {
    const { id, code } = await start();
    for (let i = 1; i <= 4; i++) {
      const res = await api.post('/auth/verify-otp', { id, otp: wrong(code) });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('invalid_code');
      expect(body.message).toContain(`${5 - i} tr`);
    }
    const fifth = await api.post('/auth/verify-otp', { id, otp: wrong(code) });
    expect(fifth.status).toBe(410);
    expect((await fifth.json()).code).toBe('challenge_locked');
    const right = await api.post('/auth/verify-otp', { id, otp: code });
    expect(right.status).toBe(410);
    expect((await right.json()).code).toBe('challenge_locked');
    expect((await api.post('/auth/resend-otp', { id })).status).toBe(410);
  });

  it('refuses an expired code', async () => {
    const { id, code } = await start();
    await age(id, 10 * 60 + 1);
    const res = await api.post('/auth/verify-otp', { id, otp: code });
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('code_expired');
  });

  it('refuses a code used once already', async () => {
    const { id, code } = await start();
    expect((await api.post('/auth/verify-otp', { id, otp: code })).status).toBe(200);
    const again = await api.post('/auth/verify-otp', { id, otp: code });
    expect(again.status).toBe(410);
    expect((await again.json()).code).toBe('challenge_used');
  });

  it("refuses one email's code on another email's challenge", async () => {
    const a = await start();
    const b = await start();
    const res = await api.post('/auth/verify-otp', {
      id: b.id,
      otp: a.code === b.code ? wrong(b.code) : a.code,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('invalid_code');
    // b's own code still works afterwards: one wrong try does not end it.
    expect((await api.post('/auth/verify-otp', { id: b.id, otp: b.code })).status).toBe(200);
  });

  it('answers an unknown challenge with 404 and a malformed id or code with 400', async () => {
    const unknown = await api.post('/auth/verify-otp', {
      id: '6f1c8f9e-33c1-4c39-9d55-4d6f3a8e9b10',
      otp: '123456',
    });
    expect(unknown.status).toBe(404);
    expect((await api.post('/auth/verify-otp', { id: "1' OR '1'='1", otp: '123456' })).status).toBe(400);
    expect(
      (await api.post('/auth/verify-otp', { id: '6f1c8f9e-33c1-4c39-9d55-4d6f3a8e9b10', otp: '12345a' }))
        .status,
    ).toBe(400);
  });

  it('refuses a resend within 60 s with 429 and Retry-After', async () => {
    const { id } = await start();
    const res = await api.post('/auth/resend-otp', { id });
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
  });

  it('resends after 60 s with a new code that overwrites the old one', async () => {
    const { email, id, code: first } = await start();
    await age(id, 61);
    const res = await api.post('/auth/resend-otp', { id });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ id, otp: true, resendAfterSeconds: 60 });
    const second = await latestCode(ctx.database.db, email);
    expect(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(2);
    if (second !== first) {
      const old = await api.post('/auth/verify-otp', { id, otp: first });
      expect(old.status).toBe(400);
    }
    expect((await api.post('/auth/verify-otp', { id, otp: second })).status).toBe(200);
  });

  it('sends at most 5 codes an hour to one email', async () => {
    const { email, id } = await start();
    for (let i = 0; i < 4; i++) {
      await age(id, 61);
      expect((await api.post('/auth/resend-otp', { id })).status).toBe(200);
    }
    await age(id, 61);
    const sixth = await api.post('/auth/resend-otp', { id });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(5);
  });
});

describe('profile tokens', () => {
  async function profileToken(email = uniqueEmail()) {
    const { id, code } = await start(email);
    return (await (await api.post('/auth/verify-otp', { id, otp: code })).json()).data.token as string;
  }
  const profile = { name: 'Kamau', password: 'a-long-password' };

  it('works once only', async () => {
    const token = await profileToken();
    expect((await api.patch(`/auth/update-profile/${token}`, profile)).status).toBe(200);
    const again = await api.patch(`/auth/update-profile/${token}`, profile);
    expect(again.status).toBe(410);
    expect((await again.json()).code).toBe('token_used');
  });

  it('expires', async () => {
    const token = await profileToken();
    await ctx.database.db.update(profileTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await api.patch(`/auth/update-profile/${token}`, profile);
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('token_expired');
  });

  it('refuses an unknown or malformed token', async () => {
    const unknown = await api.patch(`/auth/update-profile/${'A'.repeat(43)}`, profile);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('invalid_token');
    expect((await api.patch('/auth/update-profile/short', profile)).status).toBe(400);
  });

  it('refuses type, userId or email in the profile body', async () => {
    const token = await profileToken();
    for (const extra of [
      { type: 'admin' },
      { userId: '6f1c8f9e-33c1-4c39-9d55-4d6f3a8e9b10' },
      { email: 'boss@sokoni.co.ke' },
    ]) {
      const res = await api.patch(`/auth/update-profile/${token}`, { ...profile, ...extra });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('validation_failed');
      expect(JSON.stringify(body.issues)).toContain(Object.keys(extra)[0]);
    }
    // The refused attempts did not use the token up, and the account is a customer.
    const ok = await api.patch(`/auth/update-profile/${token}`, profile);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.user.type).toBe('customer');
  });

  it('refuses a password shorter than 8 or longer than 128 characters', async () => {
    const token = await profileToken();
    for (const password of ['short', 'x'.repeat(200)]) {
      const res = await api.patch(`/auth/update-profile/${token}`, { name: 'Kamau', password });
      expect(res.status).toBe(400);
      expect((await res.json()).issues[0].path).toBe('password');
    }
    const set = await api.post('/auth/set-password', { token, password: 'x'.repeat(200) });
    expect(set.status).toBe(400);
    // 128 characters pass, when they are not one repeated (a guessable password is refused whatever its length).
    const longest = randomBytes(96).toString('base64');
    expect(
      (await api.patch(`/auth/update-profile/${token}`, { name: 'Kamau', password: longest })).status,
    ).toBe(200);
  });

  it('refuses a body without JSON content type', async () => {
    const token = await profileToken();
    const res = await ctx.request(`/api/v1/auth/update-profile/${token}`, {
      method: 'PATCH',
      body: 'name=x',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('does not set a password with a sign-up token, and keeps the token for the profile', async () => {
    const token = await profileToken();
    const res = await api.post('/auth/set-password', { token, password: 'a-long-password' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('wrong_token_purpose');
    expect((await api.patch(`/auth/update-profile/${token}`, profile)).status).toBe(200);
  });

  it('does not create a second account for an email taken meanwhile', async () => {
    const email = uniqueEmail();
    const token = await profileToken(email);
    await createUser(ctx.database.db, { email });
    const res = await api.patch(`/auth/update-profile/${token}`, profile);
    expect(res.status).toBe(409);
  });
});
