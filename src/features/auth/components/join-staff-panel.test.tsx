import { getSession } from '@/features/session';
import { renderApp } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import type { StaffRole } from '@contract/staff-roles';
import { authDb, DEMO_USERS, findUserByEmail } from '@mocks/auth-db';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 20_000 });
afterEach(resetShop);

/** An invitation the demo owner sent an hour ago; its link's token. */
function invite(email: string, role: StaffRole) {
  const token = `${email.replace(/[^a-z]/g, '')}`.padEnd(43, 'x').slice(0, 43);
  const sentAt = Date.now() - 3_600_000;
  authDb.invitations.push({
    id: crypto.randomUUID(),
    email,
    role,
    token,
    invitedBy: DEMO_USERS.admin.id,
    sentAt,
    expiresAt: sentAt + 72 * 3_600_000,
    acceptedAt: null,
    revokedAt: null,
  });
  return token;
}

describe('joining the staff from an invitation', () => {
  it('shows the email and the role, takes a name and a password, and lands in the back office', async () => {
    const token = invite('otieno@example.com', 'fulfilment');
    const { user, router } = renderApp(`/admin/join/${token}`);
    expect(await screen.findByRole('heading', { name: 'Join the Sokoni team' })).toBeInTheDocument();
    expect(
      await screen.findByText(/You are invited as a packer, signing in as otieno@example.com/),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Otieno Packer');
    await user.type(screen.getByLabelText('Password'), 'packing-bananas-at-dawn');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/[^/]+\/dashboard$/));
    expect(getSession().user).toMatchObject({
      email: 'otieno@example.com',
      type: 'admin',
      role: 'fulfilment',
    });
    expect(findUserByEmail('otieno@example.com')).toMatchObject({
      name: 'Otieno Packer',
      role: 'fulfilment',
    });
  });

  it('says why a used, withdrawn or broken link cannot be used, with the way to the sign-in', async () => {
    const token = invite('used@example.com', 'catalogue');
    authDb.invitations.find((i) => i.token === token)!.revokedAt = Date.now();
    renderApp(`/admin/join/${token}`);
    expect(await screen.findByText('This invitation can no longer be used')).toBeInTheDocument();
    expect(screen.getByText(/This invitation was withdrawn/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the admin sign-in' })).toHaveAttribute(
      'href',
      '/admin/auth',
    );
    expect(screen.queryByRole('button', { name: 'Join the team' })).not.toBeInTheDocument();
  });

  it('asks a rider for a phone, under the field', async () => {
    const token = invite('rider.new@example.com', 'rider');
    const { user } = renderApp(`/admin/join/${token}`);
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Kamau Rider');
    await user.type(screen.getByLabelText('Password'), 'boda-boda-to-kilimani');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(
      await screen.findByText('Phone number is needed for a rider: shoppers call their rider.'),
    ).toBeInTheDocument();
    expect(findUserByEmail('rider.new@example.com')).toBeUndefined();
  });
});
