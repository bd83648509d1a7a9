import { renderAppQuietly } from '@/test/render-app';
import { mockViewport } from '@/test/media';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import { formatKsh } from '@/lib/format';
import { DEMO_USERS } from '@mocks/auth-db';
import { commerceDb, type MockOrder } from '@mocks/commerce-db';
import { mockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const DASHBOARD = `/admin/${admin.userId}/dashboard`;

beforeEach(() => {
  resetShop();
  signInAs(admin);
  mockViewport(1280);
});
afterEach(resetShop);

let number = 7000;
/** An order of the demo shopper for two of the first product, placed `minutesAgo`. */
function placeOrder(o: Partial<MockOrder> & { total: number; minutesAgo: number }): MockOrder {
  const product = mockDb.catalogue.products[0]!;
  const variant = product.variants[0]!;
  const createdAt = Date.now() - o.minutesAgo * 60_000;
  const paid = (o.paymentStatus ?? 'paid') === 'paid';
  const order = {
    orderId: crypto.randomUUID(),
    number: number++,
    userId: DEMO_USERS.shopper.id,
    idempotencyKey: crypto.randomUUID(),
    requestHash: 'x',
    stockReserved: paid,
    status: 'processing',
    paymentStatus: 'paid',
    paymentIssue: null,
    subtotal: o.total,
    shippingRate: 0,
    phone: '254712345678',
    delivery: { areaId: 'westlands', areaName: 'Westlands', address: 'Mpaka Road', lat: -1.26, lng: 36.8 },
    items: [
      {
        productId: product.id,
        productPid: product.pid,
        variantId: variant.id,
        name: product.name,
        variantName: variant.name,
        image: null,
        price: 250,
        quantity: 2,
        totalPrice: 500,
      },
    ],
    attempts: [],
    ...o,
    createdAt,
    paidAt: paid ? createdAt + 30_000 : null,
  } as MockOrder;
  commerceDb.orders.push(order);
  return order;
}

describe('the admin dashboard', { timeout: 20_000 }, () => {
  it('shows the sales, the orders and what needs doing, each linking where it is handled', async () => {
    placeOrder({ total: 1200, minutesAgo: 2 });
    placeOrder({ total: 800, minutesAgo: 1 });
    const unclear = placeOrder({ total: 650, minutesAgo: 0, status: 'new', paymentStatus: 'needs_review' });
    const low = mockDb.catalogue.products[1]!;
    for (const p of mockDb.catalogue.products) for (const v of p.variants) v.quantity = 30;
    low.variants[0]!.quantity = 2;
    renderAppQuietly(DASHBOARD);

    const today = await screen.findByRole('group', { name: 'Today' });
    expect(within(today).getByTestId('revenue')).toHaveTextContent(formatKsh(2000));
    expect(within(today).getByTestId('paid-orders')).toHaveTextContent('2');
    // Nothing was sold yesterday: no change to show.
    expect(within(today).getAllByText('nothing yesterday')).toHaveLength(2);
    expect(
      screen.getByRole('figure', { name: /^Revenue per day over the last 30 days/ }),
    ).toBeInTheDocument();

    const review = screen.getByRole('region', { name: 'Payments to review' });
    const reviewLink = within(review).getByRole('link', { name: `Order SKN${unclear.number}` });
    expect(reviewLink).toHaveAttribute('href', `/admin/${admin.userId}/orders/${unclear.orderId}`);
    expect(within(review).getByLabelText('1 to review')).toBeInTheDocument();

    const best = screen.getByRole('region', { name: 'Best sellers, last 30 days' });
    const first = mockDb.catalogue.products[0]!;
    expect(within(best).getByRole('link', { name: first.name })).toHaveAttribute(
      'href',
      `/admin/${admin.userId}/products/${first.id}`,
    );
    expect(within(best).getByText(`4 sold · ${formatKsh(1000)}`)).toBeInTheDocument();

    const stock = screen.getByRole('region', { name: 'Stock to top up' });
    const lowLink = within(stock).getByRole('link', { name: `${low.name} — ${low.variants[0]!.name}` });
    // Straight to the variant's stock history.
    expect(lowLink).toHaveAttribute(
      'href',
      `/admin/${admin.userId}/products/${low.id}?stock=${low.variants[0]!.id}`,
    );
    expect(within(stock).getByText('2 left')).toBeInTheDocument();

    const latest = screen.getByRole('region', { name: 'Latest orders' });
    expect(
      within(latest)
        .getAllByRole('link', { name: /^Order SKN/ })
        .map((a) => a.textContent),
    ).toEqual([unclear.number, unclear.number - 1, unclear.number - 2].map((n) => `Order SKN${n}`));
    const statuses = screen.getByRole('list', { name: 'Payment' });
    expect(within(statuses).getByText('Needs review').nextSibling).toHaveTextContent('1');

    // The everyday actions stay on the page.
    const actions = screen.getByRole('navigation', { name: 'Back office actions' });
    expect(within(actions).getByRole('link', { name: 'Create a new product' })).toHaveAttribute(
      'href',
      `/admin/${admin.userId}/products/create`,
    );
  });

  it("shows the manager today's takings, and the money beyond today to the owner alone", async () => {
    placeOrder({ total: 1200, minutesAgo: 2 });
    signInAs({ ...admin, role: 'manager' });
    renderAppQuietly(DASHBOARD);
    const today = await screen.findByRole('group', { name: 'Today' });
    expect(within(today).getByTestId('revenue')).toHaveTextContent(formatKsh(1200));
    const week = screen.getByRole('group', { name: 'Last 7 days' });
    expect(within(week).queryByTestId('revenue')).not.toBeInTheDocument();
    expect(within(week).getByText('Paid orders, last 7 days')).toBeInTheDocument();
    expect(within(week).getByTestId('paid-orders')).toHaveTextContent('1');
    expect(screen.queryByRole('figure', { name: /^Revenue per day/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Latest orders' })).toBeInTheDocument();
  });

  it('shows a packer the paid orders and the orders to handle, but no takings and no product pages', async () => {
    placeOrder({ total: 1200, minutesAgo: 2 });
    mockDb.catalogue.products[1]!.variants[0]!.quantity = 2;
    signInAs({ ...admin, role: 'fulfilment' });
    renderAppQuietly(DASHBOARD);
    const today = await screen.findByRole('group', { name: 'Today' });
    expect(within(today).getByTestId('paid-orders')).toHaveTextContent('1');
    expect(screen.queryByTestId('revenue')).not.toBeInTheDocument();
    expect(screen.queryByText(formatKsh(1200), { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Latest orders' })).toBeInTheDocument();
    // No quick action leads a packer to a screen they cannot use.
    expect(screen.queryByRole('navigation', { name: 'Back office actions' })).not.toBeInTheDocument();
    // The products a packer cannot open are named, not linked.
    const stock = screen.getByRole('region', { name: 'Stock to top up' });
    expect(within(stock).queryAllByRole('link')).toEqual([]);
    expect(within(stock).getByText(new RegExp(mockDb.catalogue.products[1]!.name))).toBeInTheDocument();
  });

  it('shows the catalogue keepers stock and counts, but no orders with their shoppers', async () => {
    placeOrder({ total: 1200, minutesAgo: 2 });
    signInAs({ ...admin, role: 'catalogue' });
    renderAppQuietly(DASHBOARD);
    expect(await screen.findByRole('group', { name: 'Today' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments to review' })).not.toBeInTheDocument();
    const actions = screen.getByRole('navigation', { name: 'Back office actions' });
    expect(within(actions).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Manage products',
      'Create a new product',
      'Add new Category',
      'Discounts',
    ]);
    expect(screen.getByRole('region', { name: 'Stock to top up' })).toBeInTheDocument();
  });

  it('greets a shop without orders with an empty state, and still lists the stock to top up', async () => {
    renderAppQuietly(DASHBOARD);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Today' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Stock to top up' })).toBeInTheDocument();
  });

  it('says when the figures could not be loaded, and tries again on request', async () => {
    let failing = true;
    server.use(
      http.get('*/api/v1/admin/dashboard', () =>
        failing
          ? HttpResponse.json(
              { message: 'Boom. Correlation ID: c-1', code: 'internal', correlationId: 'c-1' },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderAppQuietly(DASHBOARD);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the dashboard.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });
});
