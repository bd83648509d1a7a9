import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, otpChallenges, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../../contract/demo-accounts';
import type { TestContext } from '../../test/harness';
import { listMail } from '../../lib/mail/outbox';
import {
  authTestContext,
  client,
  createUser,
  latestCode,
  loginToken,
  signUp,
  uniqueEmail,
} from '../../test/auth';

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await authTestContext();
  api = client(ctx);
});
afterAll(() => ctx.close());

describe('sign-up with a code', () => {
  it('sends a code to a new email, verifies it, creates the account and signs in', async () => {
    const email = uniqueEmail();
    const started = await api.post('/auth/get-user', { email });
    expect(started.status).toBe(200);
    const { data } = await started.json();
    expect(data).toEqual({
      loginType: 'otp',
      id: expect.any(String),
      purpose: 'register',
      otp: true,
      exist: false,
      user: null,
    });

    // The code reaches the dev outbox, with a text part carrying it and an HTML part.
    const outbox = await (
      await ctx.request(`/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`)
    ).json();
    expect(outbox.data).toHaveLength(1);
    const [message] = outbox.data;
    expect(message).toMatchObject({ to: email, subject: expect.any(String), createdAt: expect.any(String) });
    const code = /\b(\d{6})\b/.exec(message.text)![1]!;
    expect(message.html).toContain(code);
    expect(message.text).toContain(`/auth/verify-account/${data.id}`);
    // The stored challenge keeps only a hash of the code.
    const [challenge] = await ctx.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, data.id));
    expect(challenge!.codeHash).not.toContain(code);

    const verified = await api.post('/auth/verify-otp', { id: data.id, otp: code });
    expect(verified.status).toBe(200);
    const v = (await verified.json()).data;
    expect(v).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      newAccount: true,
      purpose: 'register',
    });
    expect(v.token).not.toContain(email.split('@')[0]);

    const completed = await api.patch(`/auth/update-profile/${v.token}`, {
      name: 'Achieng Otieno',
      phone: '+254 712 345678',
      country: 'KE',
      password: 'sukuma-wiki-2024',
    });
    expect(completed.status).toBe(200);
    const session = (await completed.json()).data;
    expect(session.user).toMatchObject({
      email,
      name: 'Achieng Otieno',
      phone: '+254 712 345678',
      country: 'KE',
      type: 'customer',
    });
    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({
      userId: session.user.userId,
      type: 'customer',
      email,
      name: 'Achieng Otieno',
    });
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    expect(claims.jti).toEqual(expect.any(String));

    const me = await api.get('/auth/me', { token: session.token });
    expect(me.status).toBe(200);
    expect((await me.json()).data).toMatchObject({
      userId: session.user.userId,
      email,
      name: 'Achieng Otieno',
    });

    // The account now has a password: get-user sends no code and shows only the name.
    const again = (await (await api.post('/auth/get-user', { email: email.toUpperCase() })).json()).data;
    expect(again).toEqual({
      loginType: 'password',
      id: null,
      purpose: 'login',
      otp: false,
      exist: true,
      user: { name: 'Achieng Otieno' },
    });
  });

  it('mails the code in the language of the page that asked (the sokoni.lang cookie)', async () => {
    const email = uniqueEmail();
    const asked = await api.post('/auth/register', { email }, { headers: { Cookie: 'sokoni.lang=sw' } });
    expect(asked.status).toBe(200);
    const [message] = await listMail(ctx.database.db, { to: email, limit: 1 });
    expect(message!.subject).toBe('Msimbo wako wa uthibitisho wa Sokoni');
    expect(message!.text).toContain('Karibu Sokoni!');
    // An unknown language is English, as a first visit is.
    const other = uniqueEmail();
    await api.post('/auth/register', { email: other }, { headers: { Cookie: 'sokoni.lang=fr' } });
    const [english] = await listMail(ctx.database.db, { to: other, limit: 1 });
    expect(english!.subject).toBe('Your Sokoni verification code');
  });

  it('answers register like get-user for a new email', async () => {
    const email = uniqueEmail();
    const res = await api.post('/auth/register', { email });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({
      loginType: 'otp',
      purpose: 'register',
      otp: true,
      exist: false,
    });
    expect(await latestCode(ctx.database.db, email)).toMatch(/^\d{6}$/);
  });

  it('answers a second get-user within 60 s with the same challenge and no second mail', async () => {
    const email = uniqueEmail();
    const first = (await (await api.post('/auth/get-user', { email })).json()).data;
    const second = (await (await api.post('/auth/get-user', { email })).json()).data;
    expect(second.id).toBe(first.id);
    const mail = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail).toHaveLength(1);
  });

  it('stores SQL and HTML in names as text and returns them unchanged', async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert("x")</script> & <b>Co</b>`;
    const { token, user } = await signUp(ctx, uniqueEmail(), { name });
    expect(user.name).toBe(name);
    const me = await api.get('/auth/me', { token });
    expect((await me.json()).data.name).toBe(name);
    expect(me.headers.get('content-type')).toContain('application/json');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.name).toBe(name);
    // The users table is still there, and so is everyone in it.
    expect((await ctx.database.db.select().from(users)).length).toBeGreaterThan(1);
  });

  it('lets an account without a password sign in with a code and set one', async () => {
    const email = uniqueEmail('codeonly');
    await createUser(ctx.database.db, { email, name: 'Code Only' });
    const started = (await (await api.post('/auth/get-user', { email })).json()).data;
    expect(started).toMatchObject({
      loginType: 'otp',
      purpose: 'login',
      otp: true,
      exist: true,
      user: { name: 'Code Only' },
    });
    const verified = (
      await (
        await api.post('/auth/verify-otp', { id: started.id, otp: await latestCode(ctx.database.db, email) })
      ).json()
    ).data;
    expect(verified).toMatchObject({ newAccount: false, purpose: 'login' });
    const set = await api.post('/auth/set-password', { token: verified.token, password: 'now-i-have-one' });
    expect(set.status).toBe(200);
    expect((await set.json()).data.user.email).toBe(email);
    expect(await loginToken(ctx, email, 'now-i-have-one')).toBeTruthy();
  });
});

describe('login, logout and account', () => {
  it('logs in with email and password (any letter case) and refuses a wrong password with 400', async () => {
    const email = uniqueEmail('login');
    await createUser(ctx.database.db, { email, password: 'correct-horse' });
    const ok = await api.post('/auth/login', { email: email.toUpperCase(), password: 'correct-horse' });
    expect(ok.status).toBe(200);
    const { data } = await ok.json();
    expect(data.user.email).toBe(email);
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(ok.headers.get('cache-control')).toBe('no-store');

    const wrong = await api.post('/auth/login', { email, password: 'wrong-horse' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('invalid_credentials');
    const unknown = await api.post('/auth/login', { email: uniqueEmail(), password: 'wrong-horse' });
    expect((await unknown.json()).code).toBe('invalid_credentials');
  });

  it('logs out: the token stops working', async () => {
    const email = uniqueEmail('logout');
    await createUser(ctx.database.db, { email, password: 'correct-horse' });
    const token = await loginToken(ctx, email, 'correct-horse');
    expect((await api.get('/auth/me', { token })).status).toBe(200);
    const out = await api.post('/auth/logout', undefined, { token });
    expect(out.status).toBe(200);
    expect((await out.json()).data).toEqual({ loggedOut: true });
    const after = await api.get('/auth/me', { token });
    expect(after.status).toBe(401);
    // Logging out again, or with no token, still answers alike.
    expect((await api.post('/auth/logout', undefined, { token })).status).toBe(200);
    expect((await api.post('/auth/logout')).status).toBe(200);
  });

  it('updates name, phone and country, refusing an unknown country', async () => {
    const { token } = await signUp(ctx, uniqueEmail());
    const res = await api.patch(
      '/auth/me',
      { name: 'Wanjiru', phone: '0712345678', country: 'TZ' },
      { token },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ name: 'Wanjiru', phone: '0712345678', country: 'TZ' });
    const bad = await api.patch('/auth/me', { country: 'XX' }, { token });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues).toEqual([{ path: 'country', message: 'is not a known country code' }]);
    const sneaky = await api.patch('/auth/me', { type: 'admin' }, { token });
    expect(sneaky.status).toBe(400);
  });

  it('changes the password with the current one and ends the other sessions only', async () => {
    const email = uniqueEmail('change');
    await createUser(ctx.database.db, { email, password: 'first-password' });
    const here = await loginToken(ctx, email, 'first-password');
    const elsewhere = await loginToken(ctx, email, 'first-password');

    const wrong = await api.post(
      '/auth/change-password',
      { currentPassword: 'nope-nope', newPassword: 'second-password' },
      { token: here },
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).issues[0].path).toBe('currentPassword');

    const ok = await api.post(
      '/auth/change-password',
      { currentPassword: 'first-password', newPassword: 'second-password' },
      { token: here },
    );
    expect(ok.status).toBe(200);
    expect((await api.get('/auth/me', { token: here })).status).toBe(200);
    expect((await api.get('/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await api.post('/auth/login', { email, password: 'first-password' })).status).toBe(400);
    expect(await loginToken(ctx, email, 'second-password')).toBeTruthy();
  });
});

describe('the demo accounts', () => {
  it('sign in with their seeded passwords', async () => {
    const admin = await api.post('/auth/login', {
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_ACCOUNTS.admin.password,
    });
    expect(admin.status).toBe(200);
    const { data } = await admin.json();
    expect(data.user.type).toBe('admin');
    expect(decodeJwt(data.token)).toMatchObject({ type: 'admin', userId: data.user.userId });
    const shopper = await api.post('/auth/login', {
      email: DEMO_ACCOUNTS.shopper.email,
      password: DEMO_ACCOUNTS.shopper.password,
    });
    expect((await shopper.json()).data.user).toMatchObject({ type: 'customer', country: 'KE' });
  });
});

describe('forgotten password', () => {
  it('sends a reset code, sets a new password, signs in and ends the old sessions', async () => {
    const email = uniqueEmail('forgot');
    await createUser(ctx.database.db, { email, password: 'old-password' });
    const oldToken = await loginToken(ctx, email, 'old-password');

    const forgot = await api.post('/auth/forgot-password', { email });
    expect(forgot.status).toBe(200);
    const { data } = await forgot.json();
    expect(data).toEqual({ id: expect.any(String), purpose: 'reset', otp: true });

    const verified = (
      await (
        await api.post('/auth/verify-otp', { id: data.id, otp: await latestCode(ctx.database.db, email) })
      ).json()
    ).data;
    expect(verified).toMatchObject({ newAccount: false, purpose: 'reset' });

    const set = await api.post('/auth/set-password', { token: verified.token, password: 'new-password' });
    expect(set.status).toBe(200);
    const session = (await set.json()).data;
    expect(decodeJwt(session.token)).toMatchObject({ email });
    expect((await api.get('/auth/me', { token: session.token })).status).toBe(200);
    expect((await api.get('/auth/me', { token: oldToken })).status).toBe(401);
    expect((await api.post('/auth/login', { email, password: 'old-password' })).status).toBe(400);
    expect(await loginToken(ctx, email, 'new-password')).toBeTruthy();
  });

  it('answers an unknown email the same way and mails nothing; its challenge accepts no code', async () => {
    const email = uniqueEmail('nobody');
    const res = await api.post('/auth/forgot-password', { email });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual({ id: expect.any(String), purpose: 'reset', otp: true });
    expect(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
    const guess = await api.post('/auth/verify-otp', { id: data.id, otp: '123456' });
    expect(guess.status).toBe(400);
    expect((await guess.json()).code).toBe('invalid_code');
  });
});
