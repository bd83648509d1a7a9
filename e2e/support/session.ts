import type { Page } from '@playwright/test';

export interface E2eUser {
  userId: string;
  type: 'admin' | 'customer';
  email: string;
  name: string;
}

export const shopper: E2eUser = { userId: 'e2e-customer-1', type: 'customer', email: 'akinyi@example.com', name: 'Akinyi Odhiambo' };
export const admin: E2eUser = { userId: 'e2e-admin-1', type: 'admin', email: 'admin@example.com', name: 'Admin Kariuki' };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Seeds a signed-in session the way a login leaves it (sokoni.token + sokoni.user). The token is
 * unsigned: the SPA only decodes it. A real server would refuse it, so tests using it stay on pages
 * that make no API calls.
 */
export async function seedSession(page: Page, user: E2eUser) {
  const token = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ ...user, exp: Math.floor(Date.now() / 1000) + 3600 })}.e2e`;
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('sokoni.token', t);
      localStorage.setItem('sokoni.user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
}
