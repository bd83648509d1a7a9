import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../contract/demo-accounts';
import { isCommonPassword } from '../../lib/auth/password-strength';
import type { TestContext } from '../../test/harness';
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

/** A verified code for `email` (get-user or forgot-password first): the one-time profile token. */
async function profileToken(email: string, start: '/auth/get-user' | '/auth/forgot-password') {
  const started = (await (await api.post(start, { email })).json()).data;
  const verified = await api.post('/auth/verify-otp', {
    id: started.id,
    otp: await latestCode(ctx.database.db, email),
  });
  return (await verified.json()).data.token as string;
}

async function expectTooCommon(res: Response, field: string) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    code: 'password_too_common',
    // The envelope adds the correlation id after the message.
    message: expect.stringMatching(/^This password is too common; choose another\. Correlation ID: /),
    issues: [{ path: field, message: 'is too common; choose another' }],
  });
}

describe('common breached passwords', () => {
  it('are on the list in any letter case; the demo and test passwords are not', () => {
    for (const p of ['12345678', 'password', 'password1', 'qwertyuiop', 'iloveyou', 'PassWord1']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of [
      ...Object.values(DEMO_ACCOUNTS).map((a) => a.password),
      'a-good-password',
      'sukuma-wiki-2024',
    ]) {
      expect(isCommonPassword(p), p).toBe(false);
    }
  });

  it('are refused at sign-up, naming the password field; the same link then takes a good one', async () => {
    const email = uniqueEmail('signup');
    const token = await profileToken(email, '/auth/get-user');
    for (const password of ['12345678', 'password', 'Password']) {
      await expectTooCommon(
        await api.patch(`/auth/update-profile/${token}`, { name: 'New Shopper', password }),
        'password',
      );
    }
    const done = await api.patch(`/auth/update-profile/${token}`, {
      name: 'New Shopper',
      password: 'chai-na-mandazi-24',
    });
    expect(done.status).toBe(200);
  });

  it('are refused for a password reset', async () => {
    const email = uniqueEmail('reset');
    await createUser(ctx.database.db, { email, password: 'old-password' });
    const token = await profileToken(email, '/auth/forgot-password');
    await expectTooCommon(await api.post('/auth/set-password', { token, password: 'password1' }), 'password');
    expect(await loginToken(ctx, email, 'old-password')).toBeTruthy();
    expect((await api.post('/auth/set-password', { token, password: 'maandazi-2024' })).status).toBe(200);
  });

  it('are refused for a password change, naming newPassword; the old password stays', async () => {
    const email = uniqueEmail('change');
    const { token } = await signUp(ctx, email);
    const res = await api.post(
      '/auth/change-password',
      { currentPassword: 'a-good-password', newPassword: 'password1' },
      { token },
    );
    await expectTooCommon(res, 'newPassword');
    expect(await loginToken(ctx, email, 'a-good-password')).toBeTruthy();
  });

  it('still let an existing account sign in with one', async () => {
    const email = uniqueEmail('legacy');
    await createUser(ctx.database.db, { email, password: 'password1' });
    const res = await api.post('/auth/login', { email, password: 'password1' });
    expect(res.status).toBe(200);
    expect((await res.json()).data.user.email).toBe(email);
  });
});
