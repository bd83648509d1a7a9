import { renderAppQuietly } from '@/test/render-app';
import { mockViewport } from '@/test/media';
import { formatNairobi } from '@contract/nairobi-time';
import { mockDb } from '@mocks/db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  adminOnDiscounts,
  discountRequests,
  DISCOUNTS,
  discountsTable,
  fixtureDiscount,
  names,
  rowOf,
} from '@/test/admin-discounts';

adminOnDiscounts();

describe('Discounts list', { timeout: 30_000 }, () => {
  it('shows each discount’s value, cover, Nairobi schedule, state and redemptions', async () => {
    const avocado = fixtureDiscount('Avocado season');
    Object.assign(avocado, { usageLimit: 10, redemptions: 4, paidRedemptions: 3 });
    renderAppQuietly(DISCOUNTS);
    expect(await screen.findByRole('heading', { name: 'Discounts' })).toBeInTheDocument();

    const row = await rowOf('Avocado season');
    expect(within(row).getByText('10% off')).toBeInTheDocument();
    expect(within(row).getByText('Hass avocado')).toBeInTheDocument();
    expect(
      within(row).getByText(`${formatNairobi(avocado.startsAt)} → ${formatNairobi(avocado.endsAt!)}`),
    ).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('3 / 10')).toBeInTheDocument();

    const omena = await rowOf('Omena Friday');
    expect(within(omena).getByText('KSh 30 off')).toBeInTheDocument();
    expect(within(omena).getByText(/ EAT → no end$/)).toBeInTheDocument();
    expect(within(omena).getByText('0')).toBeInTheDocument();

    expect(within(await rowOf('Easter special')).getByText('Ended')).toBeInTheDocument();
    expect(within(await rowOf('Christmas nyama')).getByText('Scheduled')).toBeInTheDocument();
    const rice = await rowOf('Rice promotion (paused)');
    expect(within(rice).getByText('Paused')).toBeInTheDocument();
    // An ended discount comes back only through an edit.
    expect(within(await rowOf('Easter special')).queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('shows a promo code with its conditions and uses, and “Automatic” for a discount without one', async () => {
    Object.assign(fixtureDiscount('Jamhuri Day'), { usageLimit: 200, redemptions: 8, paidRedemptions: 7 });
    renderAppQuietly(DISCOUNTS);
    const row = await rowOf('Jamhuri Day');
    expect(within(row).getByText('JAMHURI20')).toBeInTheDocument();
    expect(within(row).getByText('Min KSh 1,000 · 1 per shopper')).toBeInTheDocument();
    expect(within(row).getByText('20% off')).toBeInTheDocument();
    expect(within(row).getByText('The whole order')).toBeInTheDocument();
    expect(within(row).getByText('7 / 200')).toBeInTheDocument();
    expect(within(await rowOf('Avocado season')).getByText('Automatic')).toBeInTheDocument();
  });

  it('finds a discount by part of its code', async () => {
    const requests = discountRequests();
    const { user } = renderAppQuietly(DISCOUNTS);
    await discountsTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search discounts' }), 'huri2');
    await waitFor(async () => expect(await names()).toEqual(['Jamhuri Day']));
    expect(requests.at(-1)!.url.searchParams.get('q')).toBe('huri2');
  });

  it('shortens a long cover to the first names and a count', async () => {
    const unga = fixtureDiscount('Unga offer');
    unga.categoryIds = mockDb.catalogue.categories.slice(0, 4).map((c) => c.id);
    renderAppQuietly(DISCOUNTS);
    const row = await rowOf('Unga offer');
    expect(within(row).getByText(/ \+[0-9]+ more$/)).toBeInTheDocument();
  });

  it('pauses and resumes with a PUT of the whole discount, active false then true', async () => {
    const requests = discountRequests();
    const { user } = renderAppQuietly(DISCOUNTS);
    await user.click(within(await rowOf('Avocado season')).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Discount paused.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf('Avocado season')).getByText('Paused')).toBeInTheDocument(),
    );
    const pause = requests.find((r) => r.method === 'PUT')!;
    expect(pause.url.pathname).toBe(`/api/v1/discounts/${fixtureDiscount('Avocado season').id}`);
    expect(pause.body).toMatchObject({
      name: 'Avocado season',
      kind: 'percentage',
      value: 10,
      active: false,
    });

    await user.click(within(await rowOf('Avocado season')).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Discount resumed.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf('Avocado season')).getByText('Active')).toBeInTheDocument(),
    );
    expect(
      requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { active: boolean }).active),
    ).toEqual([false, true]);
    expect(fixtureDiscount('Avocado season').active).toBe(true);
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const requests = discountRequests();
    const { user } = renderAppQuietly(DISCOUNTS);
    await user.click(within(await rowOf('Mala week')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Mala week”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf('Mala week')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete “Mala week”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete discount' }));
    expect(await screen.findByText('Discount deleted.')).toBeInTheDocument();
    await waitFor(async () => expect(await names()).not.toContain('Mala week'));
    expect(mockDb.catalogue.discounts.some((d) => d.name === 'Mala week')).toBe(false);
  });

  it('tells the admin when a discount someone else deleted cannot be paused', async () => {
    const { user } = renderAppQuietly(DISCOUNTS);
    const row = await rowOf('Mala week');
    mockDb.catalogue.discounts = mockDb.catalogue.discounts.filter((d) => d.name !== 'Mala week');
    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Discount was not found.')).toBeInTheDocument();
    // The failure refreshes the list, which drops the row.
    await waitFor(async () => expect(await names()).not.toContain('Mala week'));
  });

  it('keeps the state filter and the search in the address and the request', async () => {
    const requests = discountRequests();
    const { user, router } = renderAppQuietly(DISCOUNTS);
    await discountsTable();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Scheduled');
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'scheduled' }));
    await waitFor(async () => expect(await names()).toEqual(['Christmas nyama']));
    expect(requests.at(-1)!.url.searchParams.get('state')).toBe('scheduled');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'All states');
    await user.type(screen.getByRole('searchbox', { name: 'Search discounts' }), 'coffee');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'coffee' }));
    await waitFor(async () => expect((await names()).sort()).toEqual(['Coffee clearance', 'Coffee lovers']));
    // One request for the word, not one per letter.
    expect(
      requests.filter((r) => r.url.searchParams.has('q')).map((r) => r.url.searchParams.get('q')),
    ).toEqual(['coffee']);
  });

  it('opens filtered from the address, and drops a state that is none', async () => {
    renderAppQuietly(`${DISCOUNTS}?state=ended`);
    await waitFor(async () => expect(await names()).toEqual(['Easter special']));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('ended');
  });

  it('ignores an unknown state in the address', async () => {
    const { router } = renderAppQuietly(`${DISCOUNTS}?state=forever`);
    await rowOf('Easter special');
    expect(await rowOf('Christmas nyama')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
    expect(router.state.location.search).toEqual({});
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    const { user } = renderAppQuietly(`${DISCOUNTS}?q=nothing-like-this`);
    expect(await screen.findByText('No discounts match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await discountsTable()).toBeInTheDocument();
  });

  it('shows the empty state with a way to create the first discount', async () => {
    mockDb.catalogue.discounts = [];
    for (const p of mockDb.catalogue.products) p.discountIds = [];
    const { user } = renderAppQuietly(DISCOUNTS);
    expect(await screen.findByText('No discounts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first discount' }));
    expect(await screen.findByRole('dialog', { name: 'Create discount' })).toBeInTheDocument();
  });

  it('shows a failed list as a toast', async () => {
    server.use(
      http.get('*/api/v1/discounts', () =>
        errorResponse(503, 'unavailable', 'The shop is busy. Try again shortly.'),
      ),
    );
    renderAppQuietly(DISCOUNTS);
    expect(await screen.findByText('The shop is busy. Try again shortly.')).toBeInTheDocument();
  });

  it('shows cards named Discounts on a phone', async () => {
    mockViewport(390);
    const { user } = renderAppQuietly(DISCOUNTS);
    const list = await screen.findByRole('list', { name: 'Discounts' });
    const card = within(list).getByText('Christmas nyama').closest('li')!;
    expect(within(card).getByText('Scheduled')).toBeInTheDocument();
    expect(within(card).getByText('15% off · Beef')).toBeInTheDocument();
    expect(within(card).getByText('Automatic')).toBeInTheDocument();
    const code = within(list).getByText('Jamhuri Day').closest('li')!;
    expect(within(code).getByText('JAMHURI20')).toBeInTheDocument();
    expect(within(code).getByText('20% off · The whole order')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit discount' })).toBeInTheDocument();
  });
});
