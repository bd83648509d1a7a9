import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import { authDb, DEMO_USERS } from '@mocks/auth-db';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CUSTOMERS = `/admin/${admin.userId}/customers`;
const shopper = DEMO_USERS.shopper;

beforeEach(() => {
  resetShop();
  signInAs(admin);
  // A second shopper, so a search has someone to leave out.
  authDb.users.push({
    id: 'c0000000-0000-4000-8000-00000000c0de',
    email: 'otieno@example.com',
    name: 'Otieno Onyango',
    phone: '0722 000 111',
    country: 'KE',
    type: 'customer',
    role: null,
    password: 'otieno-password-1',
    createdAt: Date.now() - 86_400_000,
  });
});
afterEach(resetShop);

/** The customers listed (as cards on this narrow screen), by name. */
const names = async () =>
  within(await screen.findByRole('list', { name: 'Customers' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]!.textContent);

describe('the customers screen', { timeout: 20_000 }, () => {
  it('is in the menu, lists the shoppers, and finds one by a phone typed any Kenyan way', async () => {
    const { user, router } = renderAppQuietly(CUSTOMERS);
    expect(await screen.findByRole('link', { name: 'Customers' })).toBeInTheDocument();
    await waitFor(async () => expect(await names()).toEqual(['Otieno Onyango', shopper.name]));
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), '712345678');
    await waitFor(async () => expect(await names()).toEqual([shopper.name]));
    expect(router.state.location.search).toMatchObject({ q: '712345678' });
    await user.clear(screen.getByRole('searchbox', { name: 'Search customers' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), '+254 722 000 111');
    await waitFor(async () => expect(await names()).toEqual(['Otieno Onyango']));
  });

  it('blocks with a reason and unblocks, saying so each time', async () => {
    const { user } = renderAppQuietly(`${CUSTOMERS}/${shopper.id}`);
    expect(await screen.findByRole('heading', { name: shopper.name })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: `Block ${shopper.name}` });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' no ');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'show on three deliveries');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText(`${shopper.name} is blocked and signed out everywhere.`),
    ).toBeInTheDocument();
    expect(await screen.findByText(/no show on three deliveries/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText(`${shopper.name} can check out again.`)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('erases only once the customer’s email is typed, and then shows the anonymised account', async () => {
    const { user } = renderAppQuietly(`${CUSTOMERS}/${shopper.id}`);
    await user.click(await screen.findByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Erase ${shopper.name}` });
    const erase = within(dialog).getByRole('button', { name: 'Erase' });
    expect(erase).toBeDisabled();
    const box = within(dialog).getByRole('textbox', { name: `Type ${shopper.email} to confirm` });
    await user.type(box, 'wanjiku@sokoni.co');
    expect(erase).toBeDisabled();
    await user.type(box, '.ke');
    expect(erase).toBeEnabled();
    await user.click(erase);
    expect(
      await screen.findByText("The customer's data is erased. Their orders stay, anonymised."),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Erased customer' })).toBeInTheDocument();
    expect(screen.getByText(`erased-${shopper.id}@erased.invalid`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase' })).not.toBeInTheDocument();
  });

  it('is not offered to a packer, who is sent away with the reason', async () => {
    signInAs({ ...admin, role: 'fulfilment' });
    renderAppQuietly(CUSTOMERS);
    expect(await screen.findByText('Your role (fulfilment) cannot see customers.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
  });
});
