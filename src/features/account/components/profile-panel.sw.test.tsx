import { LANGUAGE_COOKIE } from '@contract/languages';
import { DEMO_USERS, findUserByEmail, resetAuthDb } from '@mocks/auth-db';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp } from '@/test/render-app';
import { admin, signInAs } from '@/test/tokens';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 15_000 });
// Kiswahili chosen on this device (the cookie): the signed-in shopper's page stays in it.
beforeEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=sw; Path=/`;
  adoptCatalogue('sw', sw);
});
afterEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  resetAuthDb();
});

const { shopper } = DEMO_USERS;
const signInShopper = () =>
  signInAs(
    { userId: shopper.id, type: 'customer', email: shopper.email, name: shopper.name },
    { jti: crypto.randomUUID() },
  );
const profile = () => screen.getByRole('region', { name: 'Wasifu wako' });
const passwordSection = () => screen.getByRole('region', { name: 'Nenosiri' });
const toasts = () => within(screen.getByRole('region', { name: /notifications/i }));
const day = { day: 'numeric', month: 'long', year: 'numeric' } as const;

describe('/account/dashboard in Kiswahili', () => {
  it('shows the profile with Kiswahili labels and the date in sw-KE', async () => {
    signInShopper();
    renderApp('/account/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Akaunti yangu' });
    expect(screen.getByText('Wasifu wako, nambari ya simu na nenosiri.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Oda zangu' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
    await screen.findByRole('region', { name: 'Wasifu wako' });
    for (const label of [
      'Jina',
      'Barua pepe',
      'Nambari ya simu',
      'Nchi',
      'Mwanachama tangu',
      'Aina ya akaunti',
    ])
      expect(within(profile()).getByText(label)).toBeInTheDocument();
    expect(within(profile()).getByText('Mnunuzi')).toBeInTheDocument();

    const createdAt = new Date(findUserByEmail(shopper.email)!.createdAt);
    const swDate = new Intl.DateTimeFormat('sw-KE', day).format(createdAt);
    expect(swDate).not.toBe(new Intl.DateTimeFormat('en-KE', day).format(createdAt));
    expect(within(profile()).getByText(swDate)).toBeInTheDocument();

    expect(
      screen.getByText('Ukibadilisha nenosiri, utaondolewa kwenye vifaa vyako vingine.'),
    ).toBeInTheDocument();
    for (const english of ['My account', 'Your profile', 'Member since', 'Shopper', 'Edit profile'])
      expect(screen.queryByText(english)).not.toBeInTheDocument();
  });

  it('edits the profile in Kiswahili', async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Hariri wasifu' }));
    const form = screen.getByRole('form', { name: 'Hariri wasifu wako' });
    const name = within(form).getByRole('textbox', { name: 'Jina kamili' });
    expect(within(form).getByText('(si lazima)')).toBeInTheDocument();
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Hifadhi mabadiliko' }));
    expect(await within(form).findByText('Tafadhali andika jina lako.')).toBeInTheDocument();
    await user.type(name, 'Wanjiku Njeri');
    await user.click(within(form).getByRole('button', { name: 'Hifadhi mabadiliko' }));
    await waitFor(() => expect(toasts().getByText('Wasifu wako umesasishwa.')).toBeInTheDocument());
    expect(await within(profile()).findByText('Wanjiku Njeri')).toBeInTheDocument();
  });

  it("changes the password in Kiswahili, with the server's refusals in Kiswahili", async () => {
    signInShopper();
    const { user } = renderApp('/account/dashboard');
    await screen.findByRole('region', { name: 'Nenosiri' });
    const section = passwordSection();
    await user.type(within(section).getByLabelText('Nenosiri la sasa'), shopper.password);
    await user.type(within(section).getByLabelText('Nenosiri jipya'), 'short');
    await user.type(within(section).getByLabelText('Thibitisha nenosiri jipya'), 'shorter');
    await user.click(within(section).getByRole('button', { name: 'Badilisha nenosiri' }));
    expect(within(section).getByText('Nenosiri jipya: tumia angalau herufi 8.')).toBeInTheDocument();
    expect(within(section).getByText('Nenosiri jipya na la kuthibitisha hayalingani.')).toBeInTheDocument();

    await user.clear(within(section).getByLabelText('Nenosiri jipya'));
    await user.clear(within(section).getByLabelText('Thibitisha nenosiri jipya'));
    await user.type(within(section).getByLabelText('Nenosiri jipya'), 'Wanjiku1990');
    expect(within(section).getByText(/Nguvu ya nenosiri:/)).toHaveTextContent(
      'Nguvu ya nenosiri: Dhaifu. Limejengwa juu ya "wanjiku"',
    );
    await user.type(within(section).getByLabelText('Thibitisha nenosiri jipya'), 'Wanjiku1990');
    await user.click(within(section).getByRole('button', { name: 'Badilisha nenosiri' }));
    expect(
      await within(section).findByText(
        'Nenosiri jipya: ni rahisi mno kukisia: limejengwa juu ya "wanjiku"; ongeza maneno machache yako mwenyewe.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(toasts().getByText(/^Nenosiri hili ni rahisi mno kukisia/)).toBeInTheDocument(),
    );

    await user.clear(within(section).getByLabelText('Nenosiri la sasa'));
    await user.type(within(section).getByLabelText('Nenosiri la sasa'), 'not-it');
    for (const field of ['Nenosiri jipya', 'Thibitisha nenosiri jipya']) {
      await user.clear(within(section).getByLabelText(field));
      await user.type(within(section).getByLabelText(field), 'ugali-na-sukuma');
    }
    await user.click(within(section).getByRole('button', { name: 'Badilisha nenosiri' }));
    expect(await within(section).findByText('Hili si nenosiri lako la sasa.')).toBeInTheDocument();
    await waitFor(() => expect(toasts().getByText('Nenosiri la sasa si sahihi.')).toBeInTheDocument());
    expect(screen.queryByText('The current password is not correct.')).not.toBeInTheDocument();
    expect(findUserByEmail(shopper.email)?.password).toBe(shopper.password);
  });

  it('shows /profile in Kiswahili too', async () => {
    signInAs(admin);
    const { router } = renderApp('/');
    await router.navigate({ to: '/profile' });
    await screen.findByRole('heading', { level: 1, name: 'Wasifu' });
    expect(screen.getByText('Jina lako, nambari ya simu na nenosiri.')).toBeInTheDocument();
    expect(
      await within(await screen.findByRole('region', { name: 'Wasifu wako' })).findByText('Msimamizi'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your name, phone number and password.')).not.toBeInTheDocument();
  });
});
