import { DEMO_USERS, latestCode, resetAuthDb } from '@mocks/auth-db';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFlow } from '../stores/auth-flow-store';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => adoptCatalogue('sw', sw));
afterEach(() => {
  resetAuthDb();
  clearFlow();
});

type User = ReturnType<typeof renderApp>['user'];
const { shopper } = DEMO_USERS;
const toasts = () => within(screen.getByRole('region', { name: /notifications/i }));

async function enterEmail(user: User, email: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Barua pepe' }), email);
  await user.click(screen.getByRole('button', { name: 'Endelea' }));
}

describe('the sign-in flow in Kiswahili', () => {
  it('asks for the email and checks it in Kiswahili', async () => {
    const { user } = renderApp('/auth');
    await screen.findByRole('heading', { name: 'Ingia au fungua akaunti' });
    expect(screen.getByText(/Mgeni hapa\? Tutakusaidia kufungua akaunti/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rudi dukani' })).toBeInTheDocument();
    expect(screen.queryByText('Sign in or create an account')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(await screen.findByText('Tafadhali andika barua pepe yako.')).toBeInTheDocument();
    await enterEmail(user, 'wanjiku@');
    expect(
      await screen.findByText('Tafadhali andika barua pepe sahihi, kama name@example.com.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Please enter/)).not.toBeInTheDocument();
  });

  it("shows the password step and the server's refusal in Kiswahili", async () => {
    const { user } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await screen.findByRole('heading', { name: 'Karibu tena, Wanjiku' });
    expect(screen.getByText('Andika nenosiri lako ili uingie.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Umesahau nenosiri?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Onyesha nenosiri' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Tafadhali andika nenosiri lako.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nenosiri'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Ingia' }));
    await waitFor(() => expect(toasts().getByText('Barua pepe au nenosiri si sahihi.')).toBeInTheDocument());
    expect(screen.queryByText('The email or password is not correct.')).not.toBeInTheDocument();
    expect(screen.queryByText('Welcome back, Wanjiku')).not.toBeInTheDocument();
  });

  it('counts the tries a wrong code leaves in Kiswahili, and completes the profile', async () => {
    const email = 'baraka@example.com';
    const { user } = renderApp('/auth');
    await enterEmail(user, email);
    await screen.findByRole('heading', { name: 'Angalia barua pepe yako' });
    expect(screen.getByText(/Tumetuma msimbo wa tarakimu 6 kwa/)).toHaveTextContent(
      `Tumetuma msimbo wa tarakimu 6 kwa ${email}. Uandike hapa chini; unafanya kazi kwa dakika 10.`,
    );
    expect(screen.getByRole('group', { name: 'Msimbo wa uthibitisho' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Tuma msimbo tena baada ya 1:00$/ })).toBeDisabled();
    expect(screen.getByText('Hujapata barua pepe? Angalia folda ya spam.')).toBeInTheDocument();
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();

    const code = latestCode(email)!;
    const wrong = code === '111111' ? '222222' : '111111';
    await user.click(screen.getByRole('textbox', { name: 'Tarakimu ya 1 kati ya 6' }));
    await user.keyboard(wrong);
    await waitFor(() =>
      expect(toasts().getByText('Msimbo huo si sahihi. Umebakiwa na majaribio 4.')).toBeInTheDocument(),
    );
    expect(
      await screen.findByText('Msimbo huo haukufanya kazi. Angalia barua pepe kisha ujaribu tena.'),
    ).toBeInTheDocument();

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Tarakimu ya 1 kati ya 6' })).toHaveValue(''),
    );
    await user.click(screen.getByRole('textbox', { name: 'Tarakimu ya 1 kati ya 6' }));
    await user.paste(code);
    await screen.findByRole('heading', { name: 'Kamilisha wasifu wako' });
    expect(
      screen.getByText(`Barua pepe yako ${email} imethibitishwa.`, { exact: false }),
    ).toBeInTheDocument();

    // The form's own checks, and the password hint, in Kiswahili.
    await user.type(screen.getByLabelText('Nenosiri'), 'abc');
    expect(screen.getByText(/Nguvu ya nenosiri:/)).toHaveTextContent(
      'Nguvu ya nenosiri: Fupi mno. Tumia angalau herufi 8.',
    );
    await user.type(screen.getByRole('textbox', { name: /^Nambari ya simu/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Fungua akaunti yangu' }));
    expect(await screen.findByText('Tafadhali andika jina lako.')).toBeInTheDocument();
    expect(
      screen.getByText('Tafadhali andika nambari ya simu sahihi, kama 712 345 678.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nenosiri: tumia angalau herufi 8.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Nchi' })).toBeInTheDocument();
    expect(screen.queryByText(/Please enter/)).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Jina kamili' }), 'Baraka Mwangi');
    await user.clear(screen.getByRole('textbox', { name: /^Nambari ya simu/ }));
    await user.type(screen.getByLabelText('Nenosiri'), '-chai-na-mandazi');
    await user.click(screen.getByRole('button', { name: 'Fungua akaunti yangu' }));
    await waitFor(() =>
      expect(toasts().getByText('Karibu Sokoni, Baraka! Akaunti yako iko tayari.')).toBeInTheDocument(),
    );
  });

  it('resets a forgotten password in Kiswahili', async () => {
    const { user } = renderApp('/auth');
    await enterEmail(user, shopper.email);
    await user.click(await screen.findByRole('button', { name: 'Umesahau nenosiri?' }));
    await screen.findByRole('heading', { name: 'Badilisha nenosiri lako' });
    await user.click(await screen.findByRole('textbox', { name: 'Tarakimu ya 1 kati ya 6' }));
    await user.paste(latestCode(shopper.email)!);

    await screen.findByRole('heading', { name: 'Weka nenosiri jipya' });
    expect(
      screen.getByText('Barua pepe yako imethibitishwa. Chagua nenosiri utakalotumia kuingia kuanzia sasa.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Maelezo yako' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Jina kamili/ })).toBeInTheDocument();
    expect(screen.getAllByText('(si lazima)')).toHaveLength(2); // the name and the phone
    expect(screen.getByText(/^Angalau herufi 8\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nenosiri jipya'), 'short');
    await user.click(screen.getByRole('button', { name: 'Hifadhi nenosiri na uingie' }));
    expect(await screen.findByText('Nenosiri: tumia angalau herufi 8.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nenosiri jipya'), '-and-now-longer');
    await user.click(screen.getByRole('button', { name: 'Hifadhi nenosiri na uingie' }));
    await waitFor(() =>
      expect(toasts().getByText('Nenosiri lako jipya limewekwa. Umeingia.')).toBeInTheDocument(),
    );
    expect(screen.queryByText('Set a new password')).not.toBeInTheDocument();
  });

  it('sends a dead link back to the start in Kiswahili', async () => {
    renderApp('/auth/complete-profile/not-a-token');
    expect(await screen.findByText('Kiungo hiki hakiwezi kutumika tena')).toBeInTheDocument();
    expect(
      screen.getByText('Tafadhali anza upya kwa barua pepe yako; inachukua dakika moja tu.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anza upya' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByText('This link can no longer be used')).not.toBeInTheDocument();
  });
});
