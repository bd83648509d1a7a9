// @vitest-environment node
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AuthResult,
  ForgotPasswordResult,
  GetUserResult,
  ResendOtpResult,
  TokenClaims,
  User,
  VerifyOtpResult,
} from '../../contract/auth';
import { envelope, ErrorBody } from '../../contract/common';
import { CountryList } from '../../contract/setups';
import { authDb, DEMO_USERS, latestCode } from '../auth-db';
import { authHandlers } from './auth';
import { setupsHandlers } from './setups';
import { errorResponse } from '../http';
import { mockFetch, serveMocks } from '../test-api';

// The app's catch-all, with the host-less pattern the tests need here.
const notFound = http.all('*/api/*', () => errorResponse(404, 'not_found', 'There is no such API route.'));
serveMocks(...authHandlers, ...setupsHandlers, notFound);

const call = (method: string, path: string, body?: unknown, token?: string) =>
  mockFetch(method, path, body, { token });

async function ok<T>(res: Response, schema: { parse(v: unknown): { data: T } }): Promise<T> {
  expect(res.status).toBe(200);
  return schema.parse(await res.json()).data;
}

async function failure(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(await res.json());
  expect(res.headers.get('x-correlation-id')).toBe(body.correlationId);
  expect(body.message).toMatch(new RegExp(` Correlation ID: ${body.correlationId}$`));
  if (code) expect(body.code).toBe(code);
  return body;
}

const claimsOf = (token: string) =>
  TokenClaims.parse(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')));

async function signUp(email: string) {
  const start = await ok(await call('POST', '/v1/auth/get-user', { email }), envelope(GetUserResult));
  const verified = await ok(
    await call('POST', '/v1/auth/verify-otp', { id: start.id, otp: latestCode(email) }),
    envelope(VerifyOtpResult),
  );
  return ok(
    await call('PATCH', `/v1/auth/update-profile/${verified.token}`, {
      name: 'Baraka Mwangi',
      phone: '+254722000111',
      country: 'KE',
      password: 'maandazi-2024',
    }),
    envelope(AuthResult),
  );
}

describe('mock accounts API', () => {
  it('sends a known account with a password to the password step', async () => {
    const res = await call('POST', '/v1/auth/get-user', { email: 'Wanjiku@Sokoni.co.ke' });
    expect(await ok(res, envelope(GetUserResult))).toEqual({
      loginType: 'password',
      id: null,
      purpose: 'login',
      otp: false,
      exist: true,
      user: { name: 'Wanjiku Kamau' },
    });
  });

  it('signs a new shopper up with the mailed code and signs them in', async () => {
    const email = 'baraka@example.com';
    const start = await ok(await call('POST', '/v1/auth/get-user', { email }), envelope(GetUserResult));
    expect(start).toMatchObject({
      loginType: 'otp',
      purpose: 'register',
      otp: true,
      exist: false,
      user: null,
    });

    const outbox = await (await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    expect(outbox.data).toHaveLength(1);
    expect(outbox.data[0].text).toContain(`/auth/verify-account/${start.id}`);

    const { token, user } = await signUp(email);
    expect(user).toMatchObject({
      email,
      name: 'Baraka Mwangi',
      phone: '+254722000111',
      country: 'KE',
      type: 'customer',
    });
    expect(claimsOf(token)).toMatchObject({
      userId: user.userId,
      type: 'customer',
      email,
      name: 'Baraka Mwangi',
    });

    const me = await ok(await call('GET', '/v1/auth/me', undefined, token), envelope(User));
    expect(me.userId).toBe(user.userId);
    // The new password works.
    const login = await call('POST', '/v1/auth/login', { email, password: 'maandazi-2024' });
    expect((await ok(login, envelope(AuthResult))).user.userId).toBe(user.userId);
  });

  it('answers a wrong code with 400 and the tries left, and locks the challenge at the fifth', async () => {
    const { id } = await ok(
      await call('POST', '/v1/auth/get-user', { email: 'new@example.com' }),
      envelope(GetUserResult),
    );
    const wrong = latestCode('new@example.com') === '000000' ? '111111' : '000000';
    const first = await failure(
      await call('POST', '/v1/auth/verify-otp', { id, otp: wrong }),
      400,
      'invalid_code',
    );
    expect(first.message).toMatch(/^That code is not correct\. 4 tries left\./);
    for (let i = 0; i < 3; i++)
      await failure(await call('POST', '/v1/auth/verify-otp', { id, otp: wrong }), 400);
    await failure(await call('POST', '/v1/auth/verify-otp', { id, otp: wrong }), 410, 'challenge_locked');
    await failure(
      await call('POST', '/v1/auth/verify-otp', { id, otp: latestCode('new@example.com') }),
      410,
      'challenge_locked',
    );
  });

  it('refuses a used code, an unknown challenge and a bad body', async () => {
    const { id } = await ok(
      await call('POST', '/v1/auth/get-user', { email: 'once@example.com' }),
      envelope(GetUserResult),
    );
    const otp = latestCode('once@example.com');
    await ok(await call('POST', '/v1/auth/verify-otp', { id, otp }), envelope(VerifyOtpResult));
    await failure(await call('POST', '/v1/auth/verify-otp', { id, otp }), 410, 'challenge_used');
    await failure(
      await call('POST', '/v1/auth/verify-otp', { id: crypto.randomUUID(), otp }),
      404,
      'not_found',
    );
    const bad = await failure(
      await call('POST', '/v1/auth/verify-otp', { id, otp: '12' }),
      400,
      'validation_failed',
    );
    expect(bad.issues?.map((i) => i.path)).toEqual(['otp']);
  });

  it('lets a code be re-sent only after 60 seconds, and the old code then stops working', async () => {
    const email = 'resend@example.com';
    const { id } = await ok(await call('POST', '/v1/auth/get-user', { email }), envelope(GetUserResult));
    const soon = await call('POST', '/v1/auth/resend-otp', { id });
    expect(soon.headers.get('retry-after')).toMatch(/^\d+$/);
    await failure(soon, 429, 'rate_limited');

    const old = latestCode(email);
    authDb.challenges[0]!.lastSentAt -= 61_000;
    const again = await ok(await call('POST', '/v1/auth/resend-otp', { id }), envelope(ResendOtpResult));
    expect(again).toEqual({ id, otp: true, resendAfterSeconds: 60 });
    const fresh = latestCode(email);
    if (fresh !== old)
      await failure(await call('POST', '/v1/auth/verify-otp', { id, otp: old }), 400, 'invalid_code');
    await ok(await call('POST', '/v1/auth/verify-otp', { id, otp: fresh }), envelope(VerifyOtpResult));
  });

  it('resets a forgotten password, ending older sessions; an unknown email gets a challenge and no mail', async () => {
    const { email, password } = DEMO_USERS.shopper;
    const old = await ok(await call('POST', '/v1/auth/login', { email, password }), envelope(AuthResult));

    const { id } = await ok(
      await call('POST', '/v1/auth/forgot-password', { email }),
      envelope(ForgotPasswordResult),
    );
    const verified = await ok(
      await call('POST', '/v1/auth/verify-otp', { id, otp: latestCode(email) }),
      envelope(VerifyOtpResult),
    );
    expect(verified).toMatchObject({ newAccount: false, purpose: 'reset' });
    // A reset token cannot be used twice, nor a sign-up token for set-password.
    const reset = await ok(
      await call('POST', '/v1/auth/set-password', { token: verified.token, password: 'a-new-password' }),
      envelope(AuthResult),
    );
    expect(reset.user.email).toBe(email);
    await failure(
      await call('POST', '/v1/auth/set-password', { token: verified.token, password: 'another-one' }),
      410,
      'token_used',
    );
    await failure(await call('GET', '/v1/auth/me', undefined, old.token), 401, 'unauthorized');
    await failure(await call('POST', '/v1/auth/login', { email, password }), 400, 'invalid_credentials');
    await ok(
      await call('POST', '/v1/auth/login', { email, password: 'a-new-password' }),
      envelope(AuthResult),
    );

    const decoy = await ok(
      await call('POST', '/v1/auth/forgot-password', { email: 'nobody@example.com' }),
      envelope(ForgotPasswordResult),
    );
    expect(decoy.purpose).toBe('reset');
    expect(latestCode('nobody@example.com')).toBeUndefined();
  });

  it('refuses unknown fields in a profile and a used or unknown profile token', async () => {
    const { id } = await ok(
      await call('POST', '/v1/auth/get-user', { email: 'sneaky@example.com' }),
      envelope(GetUserResult),
    );
    const { token } = await ok(
      await call('POST', '/v1/auth/verify-otp', { id, otp: latestCode('sneaky@example.com') }),
      envelope(VerifyOtpResult),
    );
    await failure(
      await call('PATCH', `/v1/auth/update-profile/${token}`, {
        name: 'S',
        password: 'long-enough',
        type: 'admin',
      }),
      400,
      'validation_failed',
    );
    const country = await failure(
      await call('PATCH', `/v1/auth/update-profile/${token}`, {
        name: 'S',
        password: 'long-enough',
        country: 'ZZ',
      }),
      400,
    );
    expect(country.issues).toEqual([{ path: 'country', message: 'is not a known country code' }]);
    await failure(
      await call('PATCH', `/v1/auth/update-profile/${'x'.repeat(43)}`, {
        name: 'S',
        password: 'long-enough',
      }),
      400,
      'invalid_token',
    );
  });

  it('answers a wrong password with 400, never 401', async () => {
    const body = await failure(
      await call('POST', '/v1/auth/login', { email: DEMO_USERS.admin.email, password: 'nope' }),
      400,
      'invalid_credentials',
    );
    expect(body.message).toMatch(/^The email or password is not correct\./);
  });

  it('edits the profile, changes the password and logs out', async () => {
    const { token } = await ok(
      await call('POST', '/v1/auth/login', {
        email: DEMO_USERS.shopper.email,
        password: DEMO_USERS.shopper.password,
      }),
      envelope(AuthResult),
    );
    await failure(await call('GET', '/v1/auth/me'), 401);
    const edited = await ok(
      await call('PATCH', '/v1/auth/me', { name: 'Wanjiku K.', phone: null }, token),
      envelope(User),
    );
    expect(edited).toMatchObject({ name: 'Wanjiku K.', phone: null, country: 'KE' });

    const wrong = await failure(
      await call(
        'POST',
        '/v1/auth/change-password',
        { currentPassword: 'nope', newPassword: 'a-longer-one' },
        token,
      ),
      400,
    );
    expect(wrong.issues?.[0]?.path).toBe('currentPassword');
    await ok(
      await call(
        'POST',
        '/v1/auth/change-password',
        { currentPassword: DEMO_USERS.shopper.password, newPassword: 'a-longer-one' },
        token,
      ),
      envelope(User),
    );
    // The session that changed the password lives on until it logs out.
    await ok(await call('GET', '/v1/auth/me', undefined, token), envelope(User));
    expect((await call('POST', '/v1/auth/logout', undefined, token)).status).toBe(200);
    await failure(await call('GET', '/v1/auth/me', undefined, token), 401);
  });

  it('lists the countries with Kenya first', async () => {
    const countries = await ok(await call('GET', '/v1/setups/countries'), envelope(CountryList));
    expect(countries[0]).toEqual({ cca2: 'KE', name: { common: 'Kenya' }, flag: '🇰🇪', idd: '+254' });
    expect(countries.length).toBeGreaterThan(200);
    const names = countries.slice(1).map((c) => c.name.common);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    // Other setup lists belong to other handlers; this one lets them through.
    await failure(await call('GET', '/v1/setups/planets'), 404);
  });
});
