import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import { SHOPPER_EMAIL_MESSAGE } from '@contract/admin-staff';
import { authDb, DEMO_USERS, findUserByEmail } from '@mocks/auth-db';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const STAFF = `/admin/${admin.userId}/staff`;

beforeEach(() => {
  resetShop();
  signInAs(admin);
});
afterEach(resetShop);

const card = (name: string) => screen.getByRole('listitem', { name });

describe('the staff screen', { timeout: 20_000 }, () => {
  it('lists the team, owners first, with the owner’s own card read-only', async () => {
    renderAppQuietly(STAFF);
    const list = await screen.findByRole('list', { name: 'Staff' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual([DEMO_USERS.admin.name, admin.name, DEMO_USERS.packer.name, DEMO_USERS.rider.name]);
    const mine = card(admin.name);
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(
      within(card(DEMO_USERS.packer.name)).getByRole('combobox', {
        name: `Role of ${DEMO_USERS.packer.name}`,
      }),
    ).toHaveValue('fulfilment');
  });

  it('changes a role, deactivates and reactivates, saying so each time', async () => {
    const { user } = renderAppQuietly(STAFF);
    await screen.findByRole('list', { name: 'Staff' });
    const packer = () => card(DEMO_USERS.packer.name);
    await user.selectOptions(within(packer()).getByRole('combobox'), 'catalogue');
    expect(await screen.findByText(`${DEMO_USERS.packer.name} is now catalogue.`)).toBeInTheDocument();

    await user.click(within(packer()).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(`${DEMO_USERS.packer.name} is deactivated and signed out everywhere.`),
    ).toBeInTheDocument();
    expect(await within(packer()).findByText('Deactivated')).toBeInTheDocument();

    await user.click(within(packer()).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(`${DEMO_USERS.packer.name} can sign in again.`)).toBeInTheDocument();
    expect(await within(packer()).findByText('Active')).toBeInTheDocument();
  });

  it('invites by email with a role, refuses a shopper’s email under the field, sends again and revokes', async () => {
    const { user } = renderAppQuietly(STAFF);
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(email, DEMO_USERS.shopper.email);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'manager');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(SHOPPER_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(findUserByEmail(DEMO_USERS.shopper.email)).toMatchObject({ type: 'customer', role: null });

    await user.clear(email);
    await user.type(email, 'akinyi.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('Invitation sent to akinyi.new@example.com. The link works for 72 hours.'),
    ).toBeInTheDocument();
    const invitation = await within(await screen.findByRole('list', { name: 'Invitations' })).findByRole(
      'listitem',
      { name: 'akinyi.new@example.com' },
    );
    expect(within(invitation).getByText('Manager')).toBeInTheDocument();
    expect(within(invitation).getByText('Waiting')).toBeInTheDocument();
    expect(authDb.outbox.filter((m) => m.to === 'akinyi.new@example.com')).toHaveLength(1);

    await user.click(within(invitation).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('A new link was sent to akinyi.new@example.com.')).toBeInTheDocument();
    expect(authDb.outbox.filter((m) => m.to === 'akinyi.new@example.com')).toHaveLength(2);

    await user.click(within(invitation).getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('The invitation to akinyi.new@example.com is withdrawn.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invitations' })).not.toBeInTheDocument());
  });

  it('sends a manager away with the reason: the staff are the owner’s', async () => {
    signInAs({ ...admin, role: 'manager' });
    renderAppQuietly(STAFF);
    expect(await screen.findByText('Your role (manager) cannot manage the staff.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });
});
