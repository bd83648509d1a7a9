import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import { DEMO_USERS } from '@mocks/auth-db';
import { screen, within } from '@testing-library/react';
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

  it('sends a manager away with the reason: the staff are the owner’s', async () => {
    signInAs({ ...admin, role: 'manager' });
    renderAppQuietly(STAFF);
    expect(await screen.findByText('Your role (manager) cannot manage the staff.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });
});
