import { getSession } from '@/features/session';
import { apiGet } from '@/lib/api-client';
import { page } from '@/lib/page';
import { customer, signInAs } from '@/test/tokens';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wireSession } from './session-wiring';

describe('the session and the API client together', () => {
  let unwire: () => void;
  beforeEach(() => {
    unwire = wireSession();
  });
  afterEach(() => unwire());

  it('send the bearer token of the signed-in person', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('/api/v1/cart', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ data: { Items: [] } });
      }),
    );
    const { token } = { token: (signInAs(customer), getSession().token) };
    await apiGet('v1/cart');
    expect(authorization).toBe(`Bearer ${token}`);
  });

  it('log out and reload on any 401', async () => {
    signInAs(customer);
    server.use(http.get('/api/v1/cart', () => errorResponse(401, 'unauthorized', 'Your session has expired.')));
    await expect(apiGet('v1/cart')).rejects.toMatchObject({ status: 401, message: 'Your session has expired.' });
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem('sokoni.token')).toBeNull();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('do not reload a guest on a 401 (a wrong password must not wipe the form)', async () => {
    server.use(http.post('/api/v1/auth/login', () => errorResponse(401, 'unauthorized', 'Wrong email or password.')));
    await expect(apiGet('v1/cart').catch(() => null)).resolves.toBeNull();
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('follow a sign-out made in another tab', () => {
    signInAs(customer);
    localStorage.removeItem('sokoni.token');
    localStorage.removeItem('sokoni.user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sokoni.token' }));
    expect(getSession().isAuthenticated).toBe(false);
  });
});
