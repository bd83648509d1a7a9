import { authDb, DEMO_USERS, resetAuthDb } from '@mocks/auth-db';
import { getSession } from '@/features/session';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_AN_ADMIN } from './admin-login-form';

vi.setConfig({ testTimeout: 15_000 });
afterEach(() => resetAuthDb());

const { admin, shopper } = DEMO_USERS;

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in to the back office' }));
}

describe('/admin/auth', () => {
  it('signs an admin in and opens their dashboard', async () => {
    const { user, router } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin sign in' });
    await signIn(user, admin.email, admin.password);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.id}/dashboard`));
    expect(getSession().user).toMatchObject({ userId: admin.id, type: 'admin' });
    await screen.findByText('Karibu, Amina! What would you like to do in the back office today?');
    const actions = await screen.findByRole('navigation', { name: 'Back office actions' });
    for (const label of ['Manage products', 'Create a new product', 'Add new Category', 'Discounts']) {
      expect(within(actions).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(actions).getByRole('link', { name: 'Create a new product' })).toHaveAttribute(
      'href',
      `/admin/${admin.id}/products/create`,
    );
  });

  it('refuses a shopper: not signed in, their session ended, pointed to the shop sign-in', async () => {
    const { user, router } = renderApp('/admin/auth');
    await signIn(user, shopper.email, shopper.password);

    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_AN_ADMIN);
    expect(screen.getByRole('link', { name: 'Go to the shop sign-in' })).toHaveAttribute('href', '/auth');
    expect(getSession().isAuthenticated).toBe(false);
    expect(localStorage.getItem('sokoni.token')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/auth');
    // The token the server issued for the correct password was ended at once.
    await waitFor(() => expect(authDb.endedSessions).toHaveLength(1));
    expect(authDb.sessions.map((s) => s.jti)).toEqual(authDb.endedSessions);
  });

  it("shows the server's message for a wrong password", async () => {
    const { user } = renderApp('/admin/auth');
    await signIn(user, admin.email, 'wrong-password');
    expect(await screen.findByText('The email or password is not correct.')).toBeInTheDocument();
    expect(getSession().isAuthenticated).toBe(false);
  });
});
