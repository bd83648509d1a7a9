import { mockViewport } from '@/test/media';
import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import type { SessionUser } from '@/features/session';
import { DEMO_USERS } from '@mocks/auth-db';
import { commerceDb, saveCommerceDb, type MockOrder } from '@mocks/commerce-db';
import { sampleOrders } from '@mocks/sample-orders';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const rider: SessionUser = {
  userId: DEMO_USERS.rider.id,
  type: 'admin',
  role: 'rider',
  email: DEMO_USERS.rider.email,
  name: DEMO_USERS.rider.name,
};
const DELIVERIES = `/admin/${rider.userId}/deliveries`;

let mine: MockOrder;
let theirs: MockOrder;
beforeEach(() => {
  // A controlled clock, running from noon in Nairobi: "delivered today" never turns over mid-test.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T09:00:00.000Z'), shouldAdvanceTime: true });
  resetShop();
  const orders = sampleOrders();
  // Two paid orders on the road: one given to the demo rider, one to somebody else.
  const paid = orders.filter((o) => o.paymentStatus === 'paid' && o.status !== 'cancelled');
  mine = Object.assign(paid[0]!, {
    status: 'out_for_delivery',
    riderId: rider.userId,
    riderAssignedAt: Date.now(),
  });
  theirs = Object.assign(paid[1]!, { status: 'out_for_delivery', riderId: crypto.randomUUID() });
  commerceDb.orders.push(...orders);
  saveCommerceDb();
  signInAs(rider);
  mockViewport(390);
});
afterEach(() => {
  resetShop();
  vi.useRealTimers();
});

const card = (order: MockOrder) => screen.getByRole('listitem', { name: new RegExp(`^SKN${order.number},`) });

describe('a rider’s deliveries, on a phone', { timeout: 20_000 }, () => {
  it('shows only their delivery, with a call, a map, the items and the total', async () => {
    renderAppQuietly(DELIVERIES);
    const list = await screen.findByRole('list', { name: 'To deliver' });
    expect(within(list).getAllByRole('listitem', { name: /^SKN/ })).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: new RegExp(`^SKN${theirs.number},`) })).toBeNull();
    const it = card(mine);
    expect(it).toHaveTextContent(mine.delivery.address);
    const phone = within(it).getByRole('link', { name: /^Call / });
    expect(phone.getAttribute('href')).toMatch(/^tel:0\d{9}$/);
    expect(within(it).getByRole('link', { name: 'Map' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${mine.delivery.lat},${mine.delivery.lng}`,
    );
    const items = within(it).getByRole('list', { name: `Items of SKN${mine.number}` });
    expect(within(items).getAllByRole('listitem')).toHaveLength(mine.items.length);
    expect(it).toHaveTextContent(`KSH ${mine.total.toLocaleString('en-KE')}.00`);
  });

  it('marks it delivered: said, and it moves to delivered today', async () => {
    const { user } = renderAppQuietly(DELIVERIES);
    await user.click(
      await within(await screen.findByRole('list', { name: 'To deliver' })).findByRole('button', {
        name: 'Mark delivered',
      }),
    );
    expect(await screen.findByText(`SKN${mine.number} is delivered. Thank you!`)).toBeInTheDocument();
    const done = await screen.findByRole('list', { name: 'Delivered today' });
    expect(within(done).getByRole('listitem', { name: /^SKN/ })).toHaveTextContent('Delivered');
    expect(screen.getByRole('heading', { name: 'Nothing to deliver right now' })).toBeInTheDocument();
    expect(commerceDb.orders.find((o) => o.orderId === mine.orderId)!.status).toBe('delivered');
  });

  it('says so when the order was given to another rider meanwhile', async () => {
    const { user } = renderAppQuietly(DELIVERIES);
    const button = await screen.findByRole('button', { name: 'Mark delivered' });
    mine.riderId = crypto.randomUUID();
    saveCommerceDb();
    await user.click(button);
    expect(await screen.findByText(`SKN${mine.number} is no longer given to you.`)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nothing to deliver right now' })).toBeInTheDocument();
  });

  it('opens on deliveries, shows only Deliveries in the menu, and turns other screens away with the reason', async () => {
    const { user } = renderAppQuietly(`/admin/${rider.userId}`);
    expect(await screen.findByRole('heading', { name: 'My deliveries' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open back office menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Admin menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Deliveries']);
  });

  it('refuses a rider the orders and the dashboard, sending them back to their deliveries', async () => {
    renderAppQuietly(`/admin/${rider.userId}/orders`);
    expect(await screen.findByText('Your role (rider) cannot see orders.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My deliveries' })).toBeInTheDocument();
  });

  it('is no screen for the office: an owner is sent to the dashboard with the reason', async () => {
    signInAs(admin);
    mockViewport(1280);
    renderAppQuietly(`/admin/${admin.userId}/deliveries`);
    expect(
      await screen.findByText('Your role (owner) cannot see and deliver the orders given to them.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });
});
