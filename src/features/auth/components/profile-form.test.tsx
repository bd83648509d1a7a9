import { renderWithProviders } from '@/test/render-app';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm } from './profile-form';

// Typing into Chakra fields under jsdom takes a while on two shared cores.
vi.setConfig({ testTimeout: 15_000 });

function setup(mode: 'complete' | 'credentials' = 'complete') {
  const onSubmit = vi.fn();
  const view = renderWithProviders(
    <ProfileForm mode={mode} submitLabel="Create my account" onSubmit={onSubmit} />,
  );
  return { ...view, onSubmit };
}

const country = () => screen.getByRole('combobox', { name: 'Country' });
const phone = () => screen.getByRole('textbox', { name: /^Phone number/ });

describe('ProfileForm', () => {
  it('says what is missing or wrong, and sends nothing', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a password.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Achieng Otieno');
    await user.type(phone(), '12');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number, like 712 345 678.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hints at the strength of the password', async () => {
    const { user } = setup();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(screen.getByText(/Password strength:/)).toHaveTextContent(
      'Password strength: Too short. Use at least 8 characters.',
    );
    await user.type(password, 'defgh');
    expect(screen.getByText(/Password strength:/)).toHaveTextContent(/Password strength: Weak/);
    await user.clear(password);
    await user.type(password, 'Chai-na-Mandazi-2024');
    expect(screen.getByText(/Password strength:/)).toHaveTextContent('Password strength: Strong');
  });

  it('picks the country from the list, Kenya first with name, flag and code beside it, and dialling code', async () => {
    const { user, onSubmit } = setup();
    await waitFor(() => expect(within(country()).getAllByRole('option').length).toBeGreaterThan(200));
    const options = within(country()).getAllByRole('option');
    // The code beside the flag, for systems that draw flags as empty boxes; the name first for type-ahead.
    expect(options[0]).toHaveTextContent(/^Kenya · 🇰🇪 KE · \+254$/);
    expect(options.find((o) => o.getAttribute('value') === 'UG')).toHaveTextContent('Uganda · 🇺🇬 UG · +256');
    expect(country()).toHaveValue('KE');
    expect(screen.getByText('+254')).toBeInTheDocument();

    await user.selectOptions(country(), 'UG');
    expect(screen.getByText('+256')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), '  Nakato Achan ');
    await user.type(phone(), '0772 123 456');
    await user.type(screen.getByLabelText('Password'), 'matooke-and-beans');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      name: 'Nakato Achan',
      phone: '+256772123456',
      country: 'UG',
      password: 'matooke-and-beans',
    });
  });

  it('asks only for the password when setting new credentials', async () => {
    const { user, onSubmit } = setup('credentials');
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /^Full name\s*\(optional\)$/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-one');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      name: '',
      phone: null,
      country: 'KE',
      password: 'a-brand-new-one',
    });
  });
});
