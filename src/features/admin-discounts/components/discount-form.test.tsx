import { renderAppQuietly } from '@/test/render-app';
import { toNairobiInput } from '@contract/nairobi-time';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  adminOnDiscounts,
  discountRequests,
  DISCOUNTS,
  fixtureDiscount,
  rowOf,
} from '@/test/admin-discounts';

adminOnDiscounts();

async function openCreate() {
  const view = renderAppQuietly(DISCOUNTS);
  await view.user.click(await screen.findByRole('button', { name: 'Create discount' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create discount' });
  return { ...view, dialog };
}

/** Ticks a product found by the picker's search. */
async function pickProduct(
  dialog: HTMLElement,
  user: ReturnType<typeof renderAppQuietly>['user'],
  search: string,
  name: string,
) {
  const box = within(dialog).getByRole('searchbox', { name: 'Search products' });
  await user.clear(box);
  await user.type(box, search);
  const matches = await within(dialog).findByRole('group', { name: 'Matching products' });
  await user.click(await within(matches).findByRole('checkbox', { name: new RegExp(`^${name}`) }));
}

describe('the discount form', { timeout: 30_000 }, () => {
  it('shows the contract’s messages under each field before sending anything', async () => {
    const requests = discountRequests();
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a value.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one product or category.')).toBeInTheDocument();
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Too generous');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '150');
    expect(await within(dialog).findByText('A percentage is at most 99.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Enter a name.')).toBeNull();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '0');
    expect(await within(dialog).findByText('Must be more than 0.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Starts (Nairobi time, EAT)'), {
      target: { value: '2026-11-24T08:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Ends (Nairobi time, EAT)'), {
      target: { value: '2026-11-24T07:00' },
    });
    expect(await within(dialog).findByText('Must be after the start.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Usage limit' }), 'ten');
    expect(await within(dialog).findByText('Must be a number.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('creates a discount, sending Nairobi times as UTC instants, and lists it', async () => {
    // The schedule below starts tomorrow: "Scheduled" is judged against this clock, not the wall's.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T09:00:00.000Z') });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const requests = discountRequests();
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Black Friday');
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed amount (KSH)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '50');
    await pickProduct(dialog, user, 'tilap', 'Lake Victoria tilapia');
    await pickProduct(dialog, user, 'beef', 'Beef');
    const categories = within(dialog).getByRole('group', { name: 'Matching categories' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search categories' }), 'bak');
    await user.click(await within(categories).findByRole('checkbox', { name: /^Bakery/ }));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen products' });
    expect(within(chosen).getByText('Beef')).toBeInTheDocument();
    // A product unticked from its tag leaves the discount.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Beef' }));

    fireEvent.change(within(dialog).getByLabelText('Starts (Nairobi time, EAT)'), {
      target: { value: '2026-11-27T00:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Ends (Nairobi time, EAT)'), {
      target: { value: '2026-11-30T23:59' },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Usage limit' }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));

    expect(await screen.findByText('Discount created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Black Friday',
      kind: 'fixed',
      value: 50,
      productIds: [expect.any(String)],
      categoryIds: [expect.any(String)],
      // Midnight in Nairobi is 21:00 UTC the day before.
      startsAt: '2026-11-26T21:00:00.000Z',
      endsAt: '2026-11-30T20:59:00.000Z',
      active: true,
      usageLimit: 100,
      // No code: it applies by itself, with none of a code's conditions.
      code: null,
      appliesTo: 'items',
      minSubtotal: null,
      firstOrderOnly: false,
    });
    const row = await rowOf('Black Friday');
    expect(within(row).getByText('KSh 50 off')).toBeInTheDocument();
    expect(within(row).getByText('Lake Victoria tilapia, Bakery (category)')).toBeInTheDocument();
    expect(within(row).getByText('27 Nov 2026, 00:00 EAT → 30 Nov 2026, 23:59 EAT')).toBeInTheDocument();
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(within(row).getByText('0 / 100')).toBeInTheDocument();
  });

  it('warns, without refusing, when the discount makes a chosen product free', async () => {
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Avocado giveaway');
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed amount (KSH)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '30');
    // Hass avocado sells at KSh 40 (single) and 150 (pack of 4).
    await pickProduct(dialog, user, 'avoc', 'Hass avocado');
    expect(within(dialog).queryByText(/makes .* free/)).toBeNull();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '39');
    expect(await within(dialog).findByText('This discount makes Hass avocado free')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '50');
    await waitFor(() => expect(within(dialog).queryByText(/makes .* free/)).toBeNull());

    // A warning only: the discount is still created.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '99');
    expect(await within(dialog).findByText('This discount makes Hass avocado free')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText('Discount created.')).toBeInTheDocument();
  });

  it('shows a 400 from the server under its field, and a 409 as a toast', async () => {
    let answer = errorResponse(400, 'validation_failed', 'Invalid json: name: is already taken.', [
      { path: 'name', message: 'is already taken' },
    ]);
    server.use(http.post('*/api/v1/discounts', () => answer.clone()));
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Avocado season');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '10');
    await pickProduct(dialog, user, 'avoc', 'Hass avocado');
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await within(dialog).findByText('Is already taken.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    answer = errorResponse(409, 'conflict', 'Another admin changed this discount. Reload it and try again.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(
      await screen.findByText('Another admin changed this discount. Reload it and try again.'),
    ).toBeInTheDocument();
    // The form stays open with what was typed.
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Avocado season 2');
  });

  it('opens an edit prefilled, with the product’s prices looked up for the warning, and saves with a PUT', async () => {
    const avocado = fixtureDiscount('Avocado season');
    const requests = discountRequests();
    const { user } = renderAppQuietly(DISCOUNTS);
    await user.click(within(await rowOf('Avocado season')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit discount' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Avocado season');
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveValue('10');
    expect(within(dialog).getByRole('radio', { name: 'Percentage' })).toBeChecked();
    expect(
      within(within(dialog).getByRole('list', { name: 'Chosen products' })).getByText('Hass avocado'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Starts (Nairobi time, EAT)')).toHaveValue(
      toNairobiInput(avocado.startsAt),
    );
    expect(within(dialog).getByLabelText('Ends (Nairobi time, EAT)')).toHaveValue(
      toNairobiInput(avocado.endsAt!),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'Fixed amount (KSH)' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '40');
    expect(await within(dialog).findByText('This discount makes Hass avocado free')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Discount saved.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/discounts/${avocado.id}`);
    expect(put.body).toMatchObject({
      name: 'Avocado season',
      kind: 'fixed',
      value: 15,
      startsAt: avocado.startsAt.toISOString(),
      endsAt: avocado.endsAt!.toISOString(),
      active: true,
      usageLimit: null,
    });
    expect(within(await rowOf('Avocado season')).getByText('KSh 15 off')).toBeInTheDocument();
  });

  it('makes a promo code: upper-case, its conditions shown, and no pickers for the whole order', async () => {
    const requests = discountRequests();
    const { user, dialog } = await openCreate();
    // Without a code: no conditions, and only products and categories to cover.
    expect(within(dialog).queryByRole('group', { name: 'Conditions of the code' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'The whole order' })).toBeDisabled();
    expect(within(dialog).getByRole('group', { name: 'Products' })).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Karibu');
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'karibu10');
    expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toHaveValue('KARIBU10');
    const conditions = within(dialog).getByRole('group', { name: 'Conditions of the code' });
    // Once per shopper unless the admin says otherwise.
    expect(within(conditions).getByRole('textbox', { name: 'Uses per shopper' })).toHaveValue('1');

    await user.click(within(dialog).getByRole('radio', { name: 'The whole order' }));
    expect(within(dialog).queryByRole('group', { name: 'Products' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Categories' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '10');
    expect(within(dialog).getByText('Percent off the order, 1 to 99.')).toBeInTheDocument();
    await user.type(within(conditions).getByRole('textbox', { name: 'Minimum spend (KSh)' }), '500');
    await user.click(within(conditions).getByRole('checkbox', { name: 'First order only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));

    expect(await screen.findByText('Discount created.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      name: 'Karibu',
      kind: 'percentage',
      value: 10,
      productIds: [],
      categoryIds: [],
      code: 'KARIBU10',
      appliesTo: 'order',
      minSubtotal: 500,
      firstOrderOnly: true,
      perShopperLimit: 1,
    });
    const row = await rowOf('Karibu');
    expect(within(row).getByText('KARIBU10')).toBeInTheDocument();
    expect(within(row).getByText('Min KSh 500 · First order · 1 per shopper')).toBeInTheDocument();
    expect(within(row).getByText('The whole order')).toBeInTheDocument();
  });

  it('reads 100 % off the delivery fee as free delivery, and sends no conditions once the code is cleared', async () => {
    const requests = discountRequests();
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Free delivery weekend');
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'SAFARI');
    await user.click(within(dialog).getByRole('radio', { name: 'The delivery fee' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '100');
    expect(within(dialog).getByText('Free delivery.')).toBeInTheDocument();

    // Cleared, the code takes its conditions with it: products and categories again.
    await user.clear(within(dialog).getByRole('textbox', { name: /^Code/ }));
    expect(within(dialog).queryByRole('group', { name: 'Conditions of the code' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'Products and categories' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await within(dialog).findByText('A percentage is at most 99.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one product or category.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'safari');
    expect(within(dialog).getByRole('radio', { name: 'The delivery fee' })).toBeChecked();
    await waitFor(() => expect(within(dialog).queryByText('A percentage is at most 99.')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText('Discount created.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      code: 'SAFARI',
      appliesTo: 'delivery',
      value: 100,
    });
    expect(within(await rowOf('Free delivery weekend')).getByText('Free delivery')).toBeInTheDocument();
  });

  it('shows the server’s “code taken” under the code, and a bad number under its condition', async () => {
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jamhuri again');
    // JAMHURI20 is the demo code already in the shop; codes compare without letter case.
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'jamhuri20');
    await user.click(within(dialog).getByRole('radio', { name: 'The whole order' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '20');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum spend (KSh)' }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await within(dialog).findByText('Must be a number.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Minimum spend (KSh)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await within(dialog).findByText('Another discount already has this code.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true');

    // Changing the code clears its message; another code is saved.
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), '-B');
    expect(within(dialog).queryByText('Another discount already has this code.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText('Discount created.')).toBeInTheDocument();
  });

  it('opens a promo code prefilled, with its cover and conditions', async () => {
    const { user } = renderAppQuietly(DISCOUNTS);
    await user.click(within(await rowOf('Jamhuri Day')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit discount' });
    expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toHaveValue('JAMHURI20');
    expect(within(dialog).getByRole('radio', { name: 'The whole order' })).toBeChecked();
    expect(within(dialog).queryByRole('group', { name: 'Products' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Minimum spend (KSh)' })).toHaveValue('1000');
    expect(within(dialog).getByRole('textbox', { name: 'Uses per shopper' })).toHaveValue('1');
    expect(within(dialog).getByRole('checkbox', { name: 'First order only' })).not.toBeChecked();
  });
});
