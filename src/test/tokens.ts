import { login, type SessionUser } from '@/features/session';
import { encodeBase64Url } from '@/lib/base64';

export const customer: SessionUser = { userId: 'c0ffee00-0000-4000-8000-000000000001', type: 'customer', role: null, email: 'wanjiru@example.com', name: 'Wanjiru Kamau' };
export const admin: SessionUser = { userId: 'ad000000-0000-4000-8000-000000000002', type: 'admin', role: 'owner', email: 'admin@sokoni.co.ke', name: 'Otieno Admin' };

/** A JWT-shaped token with this payload. Unsigned: the SPA only decodes it, the server verifies. */
export function fakeToken(payload: Record<string, unknown>): string {
  const header = encodeBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return `${header}.${encodeBase64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

/** Signs the given person in, as a successful login would. */
export function signInAs(user: SessionUser, extra: Record<string, unknown> = {}) {
  return login(fakeToken({ ...user, exp: Math.floor(Date.now() / 1000) + 3600, ...extra }));
}
