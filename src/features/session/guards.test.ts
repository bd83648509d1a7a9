import { admin, customer } from '@/test/tokens';
import { describe, expect, it } from 'vitest';
import { adminOnly, customerOnly, guestOnly, homeFor, safeRedirect, signedInOnly } from './guards';
import type { SessionUser } from './stores/session-store';

const guest = { user: null, isAuthenticated: false };
const as = (user: SessionUser) => ({ user, isAuthenticated: true });
const adminDashboard = { to: '/admin/$adminId/dashboard', params: { adminId: admin.userId } };

describe('guards', () => {
  describe('guest-only pages (/auth…, /admin/auth)', () => {
    it('let guests in', () => expect(guestOnly(guest)).toBeNull());
    it('send a signed-in shopper to the landing page', () =>
      expect(guestOnly(as(customer))).toEqual({ to: '/' }));
    it('send a signed-in admin to their dashboard', () =>
      expect(guestOnly(as(admin))).toEqual(adminDashboard));
    it('treat a user without a token as a guest', () =>
      expect(guestOnly({ user: customer, isAuthenticated: false })).toBeNull());
  });

  describe('signed-in pages (/checkout, /saved-items, /profile)', () => {
    it('send guests to /auth with where they were going', () =>
      expect(signedInOnly(guest, '/checkout?step=2')).toEqual({
        to: '/auth',
        search: { redirect: '/checkout?step=2' },
      }));
    it('let shoppers and admins in', () => {
      expect(signedInOnly(as(customer), '/checkout')).toBeNull();
      expect(signedInOnly(as(admin), '/saved-items')).toBeNull();
    });
  });

  describe('the user area (/account…)', () => {
    it('sends guests to /auth', () =>
      expect(customerOnly(guest, '/account/orders/42')).toEqual({
        to: '/auth',
        search: { redirect: '/account/orders/42' },
      }));
    it('lets shoppers in', () => expect(customerOnly(as(customer), '/account')).toBeNull());
    it('sends admins to their dashboard', () =>
      expect(customerOnly(as(admin), '/account')).toEqual(adminDashboard));
  });

  describe('the admin area (/admin/{adminId}…)', () => {
    it('sends guests to the admin login', () =>
      expect(adminOnly(guest, 'anything')).toEqual({ to: '/admin/auth' }));
    it('sends shoppers home', () => expect(adminOnly(as(customer), customer.userId)).toEqual({ to: '/' }));
    it('lets an admin into their own area', () => expect(adminOnly(as(admin), admin.userId)).toBeNull());
    it("moves an admin from another admin's path to their own", () =>
      expect(adminOnly(as(admin), 'someone-else')).toEqual(adminDashboard));
  });

  it('know where each person belongs', () => {
    expect(homeFor(as(customer))).toEqual({ to: '/' });
    expect(homeFor(as(admin))).toEqual(adminDashboard);
    // A rider's back office is their deliveries, wherever they ask to go in it.
    const rider = { ...admin, role: 'rider' as const };
    const deliveries = { to: '/admin/$adminId/deliveries', params: { adminId: admin.userId } };
    expect(homeFor(as(rider))).toEqual(deliveries);
    expect(guestOnly(as(rider))).toEqual(deliveries);
    expect(adminOnly(as(rider), 'someone-else')).toEqual(deliveries);
  });

  it('only accept same-site paths as the place to return to', () => {
    expect(safeRedirect('/checkout')).toBe('/checkout');
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('//evil.example/')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
  });
});
