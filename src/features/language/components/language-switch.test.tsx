import { DEMO_USERS, findUserByEmail, resetAuthDb } from '@mocks/auth-db';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp } from '@/test/render-app';
import { signInAs } from '@/test/tokens';
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
const languageGroup = (name: 'Language' | 'Lugha') => screen.getByRole('group', { name });

describe('the language switch on More', () => {
  it('shows the shop in Kiswahili at once, keeps the choice in a cookie, and goes back to English', async () => {
    const { user } = renderApp('/more');
    const english = await screen.findByRole('group', { name: 'Language' });
    expect(within(english).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(english).getByRole('button', { name: 'Kiswahili' }));
    const kiswahili = await screen.findByRole('group', { name: 'Lugha' });
    expect(within(kiswahili).getByRole('button', { name: 'Kiswahili' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Ruka hadi maudhui')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sw-KE');
    expect(document.cookie).toContain('sokoni.lang=sw');

    await user.click(within(kiswahili).getByRole('button', { name: 'English' }));
    await waitFor(() => expect(languageGroup('Language')).toBeInTheDocument());
    expect(document.documentElement.lang).toBe('en-KE');
    expect(document.cookie).toContain('sokoni.lang=en');
  });

  it("puts a signed-in shopper's choice on the profile, so mails and SMS follow it", async () => {
    signInShopper();
    const { user } = renderApp('/more');
    await user.click(
      within(await screen.findByRole('group', { name: 'Language' })).getByRole('button', {
        name: 'Kiswahili',
      }),
    );
    await screen.findByRole('group', { name: 'Lugha' });
    await waitFor(() => expect(findUserByEmail(shopper.email)?.language).toBe('sw'));
  });
});

describe('a signed-in device and profile', () => {
  it('take the choice made on the device before signing in', async () => {
    document.cookie = 'sokoni.lang=sw; Path=/';
    signInShopper();
    renderApp('/more');
    await waitFor(() => expect(findUserByEmail(shopper.email)?.language).toBe('sw'));
  });

  it("take the profile's language on a device where none was chosen", async () => {
    findUserByEmail(shopper.email)!.language = 'sw';
    signInShopper();
    renderApp('/more');
    expect(await screen.findByRole('group', { name: 'Lugha' })).toBeInTheDocument();
    expect(document.cookie).toContain('sokoni.lang=sw');
  });
});

describe('the back office', () => {
  it('stays in English, shared form pieces too, when the shop is shown in Kiswahili', async () => {
    adoptCatalogue('sw', sw);
    renderApp('/admin/auth');
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    // The password box is shared with the shop's sign-in, which shows it in Kiswahili.
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nenosiri')).not.toBeInTheDocument();
  });
});
