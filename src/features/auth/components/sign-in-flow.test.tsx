import { authDb, DEMO_USERS, resetAuthDb } from '@mocks/auth-db';
import { server } from '@mocks/node';
import { getSession } from '@/features/session';
import { page } from '@/lib/page';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_FALLBACK_ERROR } from '../lib/auth-errors';
import { clearFlow } from '../stores/auth-flow-store';

vi.setConfig({ testTimeout: 15_000 });
afterEach(() => {
  resetAuthDb();
  clearFlow();
});

const { shopper, admin } = DEMO_USERS;

async function enterEmail(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

const toast = (text: string) =>
  waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: /notifications/i })).getByText(text),
    ).toBeInTheDocument(),
  );

describe('/auth, the email step', () => {
  it('leads a known shopper to the password step and, signed in, to the redirect target', async () => {
    const { user, router } = renderApp('/auth?redirect=%2Fmore');
    await screen.findByRole('heading', { name: 'Sign in or create an account' });
    await enterEmail(user, shopper.email);

    await screen.findByRole('heading', { name: 'Welcome back, Wanjiku' });
    expect(screen.getByText(shopper.email)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), shopper.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/more'));
    const session = getSession();
    expect(session.isAuthenticated).toBe(true);
    expect(session.user).toMatchObject({ email: shopper.email, name: shopper.name, type: 'customer' });
    expect(localStorage.getItem('sokoni.token')).toBe(session.token);
    expect(JSON.parse(localStorage.getItem('sokoni.user')!)).toMatchObject({ email: shopper.email });
    await screen.findByRole('button', { name: /your account/i });
  });

  it('sends a new email to the code page, without the email in the URL', async () => {
    const { user, router } = renderApp('/auth');
    await enterEmail(user, 'baraka@example.com');

    await screen.findByRole('heading', { name: 'Check your email' });
    const challenge = authDb.challenges[0]!;
    expect(router.state.location.pathname).toBe(`/auth/verify-account/${challenge.id}`);
    expect(router.state.location.href).not.toContain('baraka');
    expect(screen.getByText('baraka@example.com')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('checks the email before asking the server', async () => {
    const { user } = renderApp('/auth');
    await enterEmail(user, 'wanjiku@');
    await screen.findByText('Please enter a valid email address, like name@example.com.');
    expect(authDb.challenges).toHaveLength(0);
  });

  it('shows the sign-in fallback when the failure has no message of its own', async () => {
    server.use(http.post('*/api/v1/auth/get-user', () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await toast(AUTH_FALLBACK_ERROR);
    expect(AUTH_FALLBACK_ERROR).toBe('Sorry, We experienced an error!, Please try again later');
  });

  it('shows the same fallback when the network fails', async () => {
    server.use(http.post('*/api/v1/auth/get-user', () => HttpResponse.error()));
    const { user } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await toast(AUTH_FALLBACK_ERROR);
  });
});

describe('/auth, the password step', () => {
  it("shows the server's message for a wrong password and stays signed out", async () => {
    const { user, router } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await user.type(await screen.findByLabelText('Password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await toast('The email or password is not correct.');
    expect(getSession().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByRole('heading', { name: 'Welcome back, Wanjiku' })).toBeInTheDocument();
  });

  it('goes back to the email step', async () => {
    const { user } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await user.click(await screen.findByRole('button', { name: 'Use another email' }));
    await screen.findByRole('heading', { name: 'Sign in or create an account' });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(shopper.email);
  });

  it('sends a reset code for a forgotten password', async () => {
    const { user, router } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));

    await screen.findByRole('heading', { name: 'Reset your password' });
    const challenge = authDb.challenges[0]!;
    expect(challenge).toMatchObject({ purpose: 'reset', email: shopper.email });
    expect(router.state.location.pathname).toBe(`/auth/verify-account/${challenge.id}`);
  });

  it('sends an admin who signs in at /auth to their dashboard, whatever the redirect', async () => {
    const { user, router } = renderApp('/auth?redirect=%2Fcart');
    await enterEmail(user, admin.email);
    await user.type(await screen.findByLabelText('Password'), admin.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.id}/dashboard`));
    await screen.findByText('Karibu, Amina! What would you like to do in the back office today?');
  });
});

describe('signing out', () => {
  it('ends the session on the server, clears token and user and reloads', async () => {
    const { user } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await user.type(await screen.findByLabelText('Password'), shopper.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const token = await waitFor(() => getSession().token!);

    await user.click(await screen.findByRole('button', { name: /your account/i }));
    await user.click(await screen.findByRole('menuitem', { name: /sign out/i }));

    await waitFor(() => expect(localStorage.getItem('sokoni.token')).toBeNull());
    expect(localStorage.getItem('sokoni.user')).toBeNull();
    expect(page.reload).toHaveBeenCalled();
    const jti = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).jti;
    expect(authDb.endedSessions).toContain(jti);
  });
});
