import { DEMO_USERS, findUserByEmail, resetAuthDb } from '@mocks/auth-db';
import { USER_KEY } from '@/features/session';
import { renderApp } from '@/test/render-app';
import { admin, signInAs } from '@/test/tokens';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 15_000 });
afterEach(() => resetAuthDb());

const { shopper } = DEMO_USERS;
const signInShopper = () =>
  signInAs(
    { userId: shopper.id, type: 'customer', email: shopper.email, name: shopper.name },
    { jti: crypto.randomUUID() },
  );

const profile = () => screen.getByRole('region', { name: 'Your profile' });
const passwordSection = () => screen.getByRole('region', { name: 'Password' });
const toasts = () => within(screen.getByRole('region', { name: /notifications/i }));

describe('/account/dashboard', () => {
  it('has order updates by SMS on by default, and turns them off and on again on the server', async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    const updates = await screen.findByRole('region', { name: 'Order updates' });
    const sms = within(updates).getByRole('checkbox', { name: 'Order updates by SMS' });
    expect(sms).toBeChecked();
    expect(within(updates).getByText(/We email you about your orders either way\./)).toBeInTheDocument();

    await user.click(sms);
    await waitFor(() =>
      expect(toasts().getByText('We will not text you about your orders.')).toBeInTheDocument(),
    );
    expect(findUserByEmail(shopper.email)).toMatchObject({ smsUpdates: false });
    await waitFor(() => expect(sms).not.toBeChecked());

    await user.click(sms);
    await waitFor(() => expect(findUserByEmail(shopper.email)).toMatchObject({ smsUpdates: true }));
    await waitFor(() => expect(sms).toBeChecked());
  });

  it("shows the signed-in shopper's profile from the server", async () => {
    signInShopper();
    renderApp('/account');
    await screen.findByRole('heading', { name: 'My account' });
    await screen.findByRole('region', { name: 'Your profile' });
    expect(within(profile()).getByText('Wanjiku Kamau')).toBeInTheDocument();
    expect(within(profile()).getByText(shopper.email)).toBeInTheDocument();
    expect(within(profile()).getByText('+254 712 345 678')).toBeInTheDocument();
    await waitFor(() => expect(within(profile()).getByText('Kenya · 🇰🇪 KE · +254')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/account/orders');
  });

  it('edits the name and phone, and shows the saved profile', async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveValue('Wanjiku Kamau');
    expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('712345678');
    await user.clear(name);
    await user.type(name, 'Wanjiku Njeri');
    await user.clear(screen.getByRole('textbox', { name: /^Phone number/ }));
    await user.type(screen.getByRole('textbox', { name: /^Phone number/ }), '0733 444 555');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toasts().getByText('Your profile was updated.')).toBeInTheDocument());
    expect(await within(profile()).findByText('Wanjiku Njeri')).toBeInTheDocument();
    expect(within(profile()).getByText('+254 733 444 555')).toBeInTheDocument();
    expect(findUserByEmail(shopper.email)).toMatchObject({ name: 'Wanjiku Njeri', phone: '+254733444555' });
  });

  it('shows the new name in the header as soon as it is saved, and keeps it for the next visit', async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    const account = () => within(screen.getByRole('banner')).getByRole('button', { name: /your account/i });
    await waitFor(() => expect(account()).toHaveTextContent('Wanjiku'));

    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    await user.clear(name);
    await user.type(name, 'Achieng Otieno');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(account()).toHaveTextContent('Achieng'));
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({ name: 'Achieng Otieno' });
  });

  it('changes the password, refusing a wrong current one', async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    await screen.findByRole('region', { name: 'Password' });
    const section = passwordSection();
    await user.type(within(section).getByLabelText('Current password'), 'not-it');
    await user.type(within(section).getByLabelText('New password'), 'ugali-na-sukuma');
    await user.type(within(section).getByLabelText('Confirm new password'), 'ugali-na-sukuma');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('This is not your current password.')).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts().getByText('The current password is not correct.')).toBeInTheDocument(),
    );

    await user.clear(within(section).getByLabelText('Current password'));
    await user.type(within(section).getByLabelText('Current password'), shopper.password);
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(
        toasts().getByText('Your password was changed. Your other devices were signed out.'),
      ).toBeInTheDocument(),
    );
    expect(findUserByEmail(shopper.email)?.password).toBe('ugali-na-sukuma');
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
  });

  it('checks the new password twice before asking the server', async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    await screen.findByRole('region', { name: 'Password' });
    const section = passwordSection();
    await user.type(within(section).getByLabelText('Current password'), shopper.password);
    await user.type(within(section).getByLabelText('New password'), 'short');
    await user.type(within(section).getByLabelText('Confirm new password'), 'shorter');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('New password must be at least 8 characters.')).toBeInTheDocument();
    expect(within(section).getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(findUserByEmail(shopper.email)?.password).toBe(shopper.password);
  });

  it("calls a new password built on the shopper's own name weak, and shows the server's refusal under it", async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    await screen.findByRole('region', { name: 'Password' });
    const section = passwordSection();
    await user.type(within(section).getByLabelText('Current password'), shopper.password);
    await user.type(within(section).getByLabelText('New password'), 'Wanjiku1990');
    expect(
      within(section).getByText(/It is built on "wanjiku", which anyone would try first/),
    ).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Confirm new password'), 'Wanjiku1990');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText(
        'New password is too easy to guess: it is built on "wanjiku"; add a few words of your own.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(findUserByEmail(shopper.email)?.password).toBe(shopper.password);
  });

  it('is not for admins, who have /profile instead', async () => {
    signInAs(admin);
    const { router } = renderApp('/account/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/dashboard`));
    await router.navigate({ to: '/profile' });
    await screen.findByRole('region', { name: 'Your profile' });
    expect(within(profile()).getByText('Admin')).toBeInTheDocument();
  });
});
