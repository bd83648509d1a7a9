import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminArgs } from '../../../scripts/admin-create';
import { parseEnv } from '../../env';
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

// Passwords an attacker of a Kenyan grocery tries first: the shop's name, its city, the person's own
// name and email, with a number or a year after them. Each of these was accepted before.

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await authTestContext();
  api = client(ctx);
});
afterAll(() => ctx.close());

async function profileToken(email: string, start: '/auth/get-user' | '/auth/forgot-password') {
  const started = (await (await api.post(start, { email })).json()).data;
  const verified = await api.post('/auth/verify-otp', {
    id: started.id,
    otp: await latestCode(ctx.database.db, email),
  });
  return (await verified.json()).data.token as string;
}

async function expectBuiltOn(res: Response, field: string, word: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.code).toBe('password_too_common');
  expect(body.message).toMatch(new RegExp(`^This password is too easy to guess: it is built on "${word}"`));
  expect(body.issues).toEqual([
    { path: field, message: `is too easy to guess: it is built on "${word}"; add a few words of your own` },
  ]);
}

describe('a new password built on the shop, its places or the person', () => {
  it('is refused at sign-up, naming the password field; the same link then takes a good one', async () => {
    const email = uniqueEmail('signup');
    const token = await profileToken(email, '/auth/get-user');
    const attempt = (password: string, name = 'Achieng Otieno') =>
      api.patch(`/auth/update-profile/${token}`, { name, password });
    await expectBuiltOn(await attempt('sokoni123456'), 'password', 'sokoni');
    await expectBuiltOn(await attempt('nairobi2024'), 'password', 'nairobi');
    await expectBuiltOn(await attempt('Mombasa2025!'), 'password', 'mombasa');
    await expectBuiltOn(await attempt('Achieng1990'), 'password', 'achieng');
    await expectBuiltOn(await attempt('otieno-achieng-7'), 'password', 'achieng');
    // The email's own words: its local part (signup-<hex>) and its domain (example.com).
    await expectBuiltOn(await attempt(`${email.split('@')[0]}!`), 'password', email.split('@')[0]!.slice(7));
    await expectBuiltOn(await attempt('example2024'), 'password', 'example');
    expect((await attempt('chai-na-mandazi-24')).status).toBe(200);
  });

  it('is refused when zxcvbn finds it guessable: a shop word in l33t, a keyboard walk', async () => {
    const email = uniqueEmail('guess');
    const token = await profileToken(email, '/auth/get-user');
    for (const password of ['N@ir0bi2024', 's0k0n1!!', 'zxcvbnm,./123']) {
      const res = await api.patch(`/auth/update-profile/${token}`, { name: 'Juma', password });
      expect(res.status, password).toBe(400);
      expect((await res.json()).issues).toEqual([
        { path: 'password', message: 'is too easy to guess; a few unrelated words make a strong one' },
      ]);
    }
  });

  it('is refused for a password reset, judged against the account name', async () => {
    const email = uniqueEmail('reset');
    await createUser(ctx.database.db, { email, password: 'old-password', name: 'Wanjiru Mwangi' });
    const token = await profileToken(email, '/auth/forgot-password');
    await expectBuiltOn(
      await api.post('/auth/set-password', { token, password: 'nairobi2024' }),
      'password',
      'nairobi',
    );
    await expectBuiltOn(
      await api.post('/auth/set-password', { token, password: 'Mwangi@2024' }),
      'password',
      'mwangi',
    );
    expect(await loginToken(ctx, email, 'old-password')).toBeTruthy();
    expect((await api.post('/auth/set-password', { token, password: 'maandazi-2024' })).status).toBe(200);
  });

  it('is refused for a password change, naming newPassword; the old password stays', async () => {
    const email = uniqueEmail('change');
    const { token } = await signUp(ctx, email, { name: 'Kamau Njoroge' });
    const change = (newPassword: string) =>
      api.post('/auth/change-password', { currentPassword: 'a-good-password', newPassword }, { token });
    await expectBuiltOn(await change('sokoni123456'), 'newPassword', 'sokoni');
    await expectBuiltOn(await change('Kamau.Njoroge1'), 'newPassword', 'njoroge');
    expect(await loginToken(ctx, email, 'a-good-password')).toBeTruthy();
  });

  it('is refused by admin:create and as ADMIN_PASSWORD', () => {
    const argv = (password: string) => ['--email', 'ops@example.co.ke', '--password', password];
    expect(parseAdminArgs(argv('sokoni123456'), 'development').problems.join()).toMatch(
      /--password is too easy to guess: it is built on "sokoni"/,
    );
    expect(parseAdminArgs(argv('nairobi2024'), 'production').problems.join()).toMatch(/built on "nairobi"/);
    expect(parseAdminArgs(argv('correct horse'), 'development').input).toBeDefined();
    const boot = (ADMIN_PASSWORD: string) => () =>
      parseEnv({ NODE_ENV: 'test', ADMIN_EMAIL: 'ops@example.co.ke', ADMIN_PASSWORD });
    expect(boot('nairobi2024')).toThrow(/ADMIN_PASSWORD: is too easy to guess: it is built on "nairobi"/);
    expect(boot('sokoni123456')).toThrow(/ADMIN_PASSWORD: is too easy to guess/);
    expect(boot('correct horse')).not.toThrow();
  });
});
