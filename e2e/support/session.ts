import type { Page } from '@playwright/test';

/**
 * Whether a project runs on the mocks (`mocked`: the SPA on MSW) rather than on a real server (the
 * live projects, playwright.config.ts).
 */
export const onMocks = (projectName: string) => projectName === 'mocked';

export interface E2eUser {
  userId: string;
  type: 'admin' | 'customer';
  /** A staff member's role, which the seeded session's token carries as a signed-in one does. */
  role?: 'owner';
  email: string;
  name: string;
}

export const shopper: E2eUser = {
  userId: '0e2e0000-0000-4000-8000-00000000c001',
  type: 'customer',
  email: 'akinyi@example.com',
  name: 'Akinyi Odhiambo',
};
export const admin: E2eUser = {
  userId: '0e2e0000-0000-4000-8000-00000000a001',
  type: 'admin',
  role: 'owner',
  email: 'admin@example.com',
  name: 'Admin Kariuki',
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Seeds a signed-in session the way a login leaves it (sokoni.token + sokoni.user). The token is
 * unsigned: the SPA only decodes it, and the mocks accept it (the real server would refuse it, so
 * `live` signs in for real).
 */
async function seedSession(page: Page, user: E2eUser) {
  const token = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ ...user, exp: Math.floor(Date.now() / 1000) + 3600 })}.e2e`;
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('sokoni.token', t);
      localStorage.setItem('sokoni.user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** The development seed's demo accounts (server/db/seed/demo-accounts.ts); the mocks have them too. */
const DEMO_LOGINS = {
  customer: { email: 'wanjiku@sokoni.co.ke', password: 'sokoni-shopper-123' },
  admin: { email: 'admin@sokoni.co.ke', password: 'sokoni-admin-123' },
} as const;

/**
 * Signs in as a shopper or an admin before the first page loads. Against the real server (`live`)
 * the app calls the API with the token (the cart is fetched at start), so it must be a real one:
 * the demo account signs in through the API. The mocks accept the seeded unsigned token.
 */
export async function signInAs(page: Page, projectName: string, user: E2eUser): Promise<E2eUser> {
  if (onMocks(projectName)) {
    await seedSession(page, user);
    return user;
  }
  const res = await page.request.post('/api/v1/auth/login', { data: DEMO_LOGINS[user.type] });
  if (!res.ok()) throw new Error(`demo sign-in failed: ${res.status()} ${await res.text()}`);
  const { data } = (await res.json()) as {
    data: { token: string; user: { userId: string; type: E2eUser['type']; email: string; name: string } };
  };
  const real: E2eUser = {
    userId: data.user.userId,
    type: data.user.type,
    email: data.user.email,
    name: data.user.name,
  };
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('sokoni.token', t);
      localStorage.setItem('sokoni.user', u);
    },
    [data.token, JSON.stringify(real)] as const,
  );
  return real;
}
