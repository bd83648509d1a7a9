import { page } from '@/lib/page';
import { admin, customer, fakeToken, signInAs } from '@/test/tokens';
import { describe, expect, it, vi } from 'vitest';
import {
  getSession,
  login,
  logout,
  syncSessionFromStorage,
  TOKEN_KEY,
  updateSessionUser,
  USER_KEY,
  userFromToken,
} from './session-store';

describe('the session', () => {
  it('starts signed out', () => {
    expect(getSession()).toEqual({ token: null, user: null, isAuthenticated: false });
  });

  it('reads the user out of the login token', () => {
    const token = fakeToken({ ...customer, iat: 1 });
    expect(login(token)).toEqual(customer);
    expect(getSession()).toEqual({ token, user: customer, isAuthenticated: true });
  });

  it('keeps token and user in local storage under sokoni.token and sokoni.user', () => {
    signInAs(admin);
    expect(TOKEN_KEY).toBe('sokoni.token');
    expect(USER_KEY).toBe('sokoni.user');
    expect(localStorage.getItem('sokoni.token')).toBe(getSession().token);
    expect(JSON.parse(localStorage.getItem('sokoni.user')!)).toEqual(admin);
  });

  it("takes over a saved profile's name and email, only for the person signed in", () => {
    signInAs(customer);
    const token = getSession().token;
    updateSessionUser({ userId: admin.userId, name: 'Someone Else', email: 'else@example.com' });
    expect(getSession().user).toEqual(customer);

    updateSessionUser({ userId: customer.userId, name: 'Wanjiru Njeri', email: 'wanjiru.n@example.com' });
    expect(getSession().user).toEqual({ ...customer, name: 'Wanjiru Njeri', email: 'wanjiru.n@example.com' });
    expect(getSession().token).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({ name: 'Wanjiru Njeri' });
  });

  it('refuses a token that does not describe a shop user', () => {
    expect(() => login('not-a-jwt')).toThrow();
    expect(() => login(fakeToken({ userId: 'u1', type: 'superuser' }))).toThrow(/user type/);
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('logs out by clearing both, and the promo code typed, and reloading the page', () => {
    signInAs(customer);
    localStorage.setItem('sokoni.promo-code', JSON.stringify({ state: { code: 'KARIBU10' }, version: 1 }));
    logout();
    expect(localStorage.getItem('sokoni.promo-code')).toBeNull();
    expect(getSession()).toEqual({ token: null, user: null, isAuthenticated: false });
    expect(localStorage.getItem('sokoni.token')).toBeNull();
    expect(localStorage.getItem('sokoni.user')).toBeNull();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('is authenticated only when both the token and the user are there', () => {
    localStorage.setItem('sokoni.user', JSON.stringify(customer));
    syncSessionFromStorage();
    expect(getSession()).toMatchObject({ user: null, isAuthenticated: false });

    localStorage.setItem('sokoni.token', fakeToken({ ...customer }));
    localStorage.removeItem('sokoni.user');
    syncSessionFromStorage();
    expect(getSession()).toMatchObject({ token: null, isAuthenticated: false });
  });

  it('follows a sign-in made in another tab', () => {
    const token = fakeToken({ ...customer });
    localStorage.setItem('sokoni.token', token);
    localStorage.setItem('sokoni.user', JSON.stringify(customer));
    syncSessionFromStorage();
    expect(getSession()).toEqual({ token, user: customer, isAuthenticated: true });
  });

  it('forgets an expired sign-in instead of waiting for the server to refuse it', () => {
    localStorage.setItem('sokoni.token', fakeToken({ ...customer, exp: Math.floor(Date.now() / 1000) - 60 }));
    localStorage.setItem('sokoni.user', JSON.stringify(customer));
    syncSessionFromStorage();
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem('sokoni.token')).toBeNull();
  });

  it('restores the stored user when the app starts', async () => {
    const token = fakeToken({ ...admin, exp: Math.floor(Date.now() / 1000) + 600 });
    localStorage.setItem('sokoni.token', token);
    localStorage.setItem('sokoni.user', JSON.stringify(admin));
    vi.resetModules();
    const fresh = await import('./session-store');
    expect(fresh.getSession()).toEqual({ token, user: admin, isAuthenticated: true });
  });

  it('decodes numeric user ids and missing names', () => {
    expect(userFromToken(fakeToken({ userId: 7, type: 'customer', email: 'a@b.co' }))).toEqual({
      userId: '7',
      type: 'customer',
      role: null,
      email: 'a@b.co',
      name: '',
    });
  });

  it('takes the role from the token when restoring a user saved without one', async () => {
    localStorage.setItem(
      TOKEN_KEY,
      fakeToken({ ...admin, role: 'catalogue', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    localStorage.setItem(USER_KEY, JSON.stringify({ ...admin, role: undefined }));
    syncSessionFromStorage();
    expect(getSession().user?.role).toBe('catalogue');
  });

  it("reads a staff member's role, and takes a staff token from before roles for an owner's", () => {
    expect(userFromToken(fakeToken({ ...admin, role: 'fulfilment' })).role).toBe('fulfilment');
    expect(userFromToken(fakeToken({ ...admin, role: undefined })).role).toBe('owner');
    expect(userFromToken(fakeToken({ ...admin, role: 'cashier' })).role).toBeNull();
    expect(userFromToken(fakeToken({ ...customer, role: 'owner' })).role).toBeNull();
  });
});
