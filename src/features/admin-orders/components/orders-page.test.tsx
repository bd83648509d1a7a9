import { renderAppQuietly } from '@/test/render-app';
import { sampleOrders } from '@mocks/sample-orders';
import { server } from '@mocks/node';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addOrders, adminWithOrders, ORDERS } from '@/test/admin-orders';

adminWithOrders();

const table = () => screen.findByRole('table', { name: 'Orders' });
/** The order numbers of the table's rows, in order. */
const numbers = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('link')[0]!.textContent);

/** The query strings of the list requests the page makes. */
function listRequests() {
  const seen: { params: URLSearchParams; accept: string | null }[] = [];
  // Answering nothing hands the request on to the mock's own handler.
  server.use(
    http.get('*/api/v1/admin/orders', ({ request }) => {
      const url = new URL(request.url);
      seen.push({ params: url.searchParams, accept: request.headers.get('Accept') });
    }),
  );
  return seen;
}

describe('Orders list', { timeout: 20_000 }, () => {
  it('lists orders newest first with their shopper, total and statuses', async () => {
    renderAppQuietly(ORDERS);
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    await waitFor(async () =>
      expect((await numbers()).slice(0, 3)).toEqual(['SKN1009', 'SKN1008', 'SKN1007']),
    );
    const row = (await screen.findByRole('link', { name: 'SKN1003' })).closest('tr')!;
    expect(within(row).getByText('Hassan Ali')).toBeInTheDocument();
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).getByText('Refund due')).toBeInTheDocument();
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    const review = (await screen.findByRole('link', { name: 'SKN1008' })).closest('tr')!;
    expect(within(review).getByText('Needs review')).toBeInTheDocument();
    expect(within(review).getByText('0700 123 404')).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const now = Date.now();
    addOrders([...sampleOrders(now - 4 * 86_400_000, 1010), ...sampleOrders(now - 9 * 86_400_000, 1019)]);
    const requests = listRequests();
    const { user, router } = renderAppQuietly(ORDERS);
    expect(await screen.findByText('Showing 1–25 of 27')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–27 of 27')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ page: 2 });
    expect(requests.at(-1)!.params.get('offset')).toBe('25');
    expect(await numbers()).toEqual(['SKN1020', 'SKN1019']);
  });

  it('puts the filters in the address and the request', async () => {
    const requests = listRequests();
    const { user, router } = renderAppQuietly(ORDERS);
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'Needs review');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ paymentStatus: 'needs_review' }),
    );
    await waitFor(async () => expect(await numbers()).toEqual(['SKN1008', 'SKN1007']));
    expect(requests.at(-1)!.params.get('paymentStatus')).toBe('needs_review');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'All payments');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fulfilment' }), 'Cancelled');
    await waitFor(async () => expect(await numbers()).toEqual(['SKN1003', 'SKN1002']));
    expect(router.state.location.search).toEqual({ status: 'cancelled' });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: today } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: today } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: today, to: today }));
    await waitFor(() => expect(requests.at(-1)!.params.get('to')).toBe(today));
    expect(requests.at(-1)!.params.get('from')).toBe(today);
    expect(requests.at(-1)!.params.get('status')).toBe('cancelled');
  });

  it('searches by order number, email or phone once typing pauses', async () => {
    const requests = listRequests();
    const { user, router } = renderAppQuietly(ORDERS);
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'njeri.mwangi');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'njeri.mwangi' }));
    await waitFor(async () => expect(await numbers()).toEqual(['SKN1008', 'SKN1005', 'SKN1002']));
    // One request for the whole word, not one per letter.
    expect(requests.filter((r) => r.params.has('q')).map((r) => r.params.get('q'))).toEqual(['njeri.mwangi']);
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    const { user } = renderAppQuietly(`${ORDERS}?q=nobody%40nowhere`);
    expect(await screen.findByText('No orders match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await table()).toBeInTheDocument();
  });

  it('exports the filtered list as a CSV file', async () => {
    const requests = listRequests();
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderAppQuietly(`${ORDERS}?status=cancelled&page=1`);
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText(/^Downloaded sokoni-orders-\d{4}-\d{2}-\d{2}\.csv\.$/),
    ).toBeInTheDocument();
    const csv = requests.find((r) => r.accept === 'text/csv')!;
    expect(csv.params.get('status')).toBe('cancelled');
    expect(csv.params.has('limit')).toBe(false);
    expect(saved).toEqual([expect.stringMatching(/^sokoni-orders-\d{4}-\d{2}-\d{2}\.csv$/)]);
  });
});

describe('Orders list with no orders', { timeout: 20_000 }, () => {
  it('shows the empty state', async () => {
    const { commerceDb } = await import('@mocks/commerce-db');
    commerceDb.orders.length = 0;
    renderAppQuietly(ORDERS);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('Orders appear here as shoppers check out.')).toBeInTheDocument();
  });
});
