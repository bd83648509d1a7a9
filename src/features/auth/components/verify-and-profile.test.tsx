import { authDb, DEMO_USERS, findUserByEmail, latestCode, resetAuthDb } from '@mocks/auth-db';
import { getSession } from '@/features/session';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearFlow } from '../stores/auth-flow-store';

// Whole flows across three pages, on two shared cores.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  resetAuthDb();
  clearFlow();
});

type User = ReturnType<typeof renderApp>['user'];

const toasts = () => within(screen.getByRole('region', { name: /notifications/i }));

async function startWith(user: User, email: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('group', { name: 'Verification code' });
}

async function typeCode(user: User, code: string) {
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

describe('signing up with a code', () => {
  it('verifies the code, completes the profile and lands signed in on the redirect target', async () => {
    const email = 'baraka@example.com';
    const { user, router } = renderApp('/auth?redirect=%2Fmore');
    await startWith(user, email);

    // The code is pasted in one go and sent with its last digit.
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste(latestCode(email)!);
    await screen.findByRole('heading', { name: 'Complete your profile' });
    const token = router.state.location.pathname.split('/').pop()!;
    expect(router.state.location.pathname).toBe(`/auth/complete-profile/${token}`);

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Baraka Mwangi');
    await user.type(screen.getByRole('textbox', { name: /^Phone number/ }), '0722 000 111');
    await user.type(screen.getByLabelText('Password'), 'chai-na-mandazi');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/more'));
    expect(getSession().user).toMatchObject({ email, name: 'Baraka Mwangi', type: 'customer' });
    expect(findUserByEmail(email)).toMatchObject({
      phone: '+254722000111',
      country: 'KE',
      password: 'chai-na-mandazi',
    });
    await waitFor(() => expect(toasts().getByText(/Welcome to Sokoni, Baraka!/)).toBeInTheDocument());
  });

  it('says how many tries a wrong code leaves and clears the boxes', async () => {
    const email = 'wrong@example.com';
    const { user } = renderApp('/auth');
    await startWith(user, email);
    const wrong = latestCode(email) === '111111' ? '222222' : '111111';
    await typeCode(user, wrong);

    await waitFor(() =>
      expect(toasts().getByText('That code is not correct. 4 tries left.')).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('That code did not work. Check the email and try again.')).toBeInTheDocument();
  });

  it('offers a new code only after 60 seconds, with the time left on the button', async () => {
    const email = 'resend@example.com';
    const { user } = renderApp('/auth');
    await startWith(user, email);
    const wait = screen.getByRole('button', { name: /^Resend code in (1:00|0:5\d)$/ });
    expect(wait).toBeDisabled();

    // The code left 61 seconds ago (the page counts from the email step).
    const challenge = authDb.challenges[0]!;
    challenge.lastSentAt -= 61_000;
    const { markCodeSent } = await import('../stores/auth-flow-store');
    markCodeSent(challenge.id, Date.now() - 61_000);
    const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3000 });
    await user.click(resend);
    await waitFor(() => expect(toasts().getByText('We sent you a new code.')).toBeInTheDocument());
    expect(authDb.outbox.filter((m) => m.to === email)).toHaveLength(2);
    expect(screen.getByRole('button', { name: /^Resend code in/ })).toBeDisabled();
  });

  it('sends a used or unknown code link back to the start', async () => {
    renderApp(`/auth/verify-account/${crypto.randomUUID()}`);
    const user = (await import('@testing-library/user-event')).default.setup();
    await typeCode(user, '123456');
    await waitFor(() => expect(toasts().getByText('This code request was not found.')).toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/auth');
  });
});

describe('resetting a password', () => {
  it('sets the new password with the reset code and signs in', async () => {
    const { shopper } = DEMO_USERS;
    const { user, router } = renderApp('/auth?redirect=%2Fcart');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), shopper.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    await typeCode(user, latestCode(shopper.email)!);

    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(router.state.location.pathname).toMatch(/^\/auth\/credentials\/[A-Za-z0-9_-]{43}$/);
    // The profile form is there, its details optional.
    expect(screen.getByRole('textbox', { name: /^Full name/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), '-and-now-longer');
    await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(getSession().user?.email).toBe(shopper.email);
    expect(findUserByEmail(shopper.email)).toMatchObject({
      password: 'short-and-now-longer',
      name: shopper.name,
    });
  });
});
