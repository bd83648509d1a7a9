import { renderAppQuietly } from '@/test/render-app';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminWithOrders, orderNumbered, orderPath } from '@/test/admin-orders';
import { admin, signInAs } from '@/test/tokens';
import { DEMO_USERS } from '@mocks/auth-db';

adminWithOrders();

const timeline = () => screen.getByRole('list', { name: 'Timeline' });
const statuses = () => screen.getByRole('group', { name: 'Statuses' });
/** The form field a message sits in (Chakra's Field.Root). */
const fieldOf = (message: HTMLElement) =>
  message.closest<HTMLElement>('[data-scope="field"][data-part="root"]');

describe('Order page', { timeout: 20_000 }, () => {
  it('shows the shopper, delivery, lines as charged, attempts and timeline', async () => {
    renderAppQuietly(orderPath(1005));
    expect(await screen.findByRole('heading', { name: 'Order SKN1005' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shopper' })).toHaveTextContent('Njeri Mwangi');
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('Mpaka Road, House 5');
    const order = orderNumbered(1005);
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getByText('Delivery fee')).toBeInTheDocument();
    expect(within(items).getAllByText(`KSH ${order.total.toLocaleString('en-KE')}.00`)).toHaveLength(1);
    // Each card is a region named by its heading, two-word titles too.
    expect(screen.getByRole('region', { name: 'Payment attempts' })).toBeInTheDocument();
    const attempts = within(screen.getByRole('table', { name: 'Payment attempts' }))
      .getAllByRole('row')
      .slice(1);
    expect(attempts).toHaveLength(2);
    expect(within(attempts[1]!).getByText(/1032 · Request cancelled by user/)).toBeInTheDocument();
    expect(within(attempts[0]!).getByText('SIM0001005')).toBeInTheDocument();
    expect(within(attempts[0]!).getByText(/^ws_CO_/)).toBeInTheDocument();
    expect(within(timeline()).getAllByRole('listitem')[0]).toHaveTextContent(/^Placed order SKN1005/);
    // The SMS the shopper got, each with its state.
    const sms = within(screen.getByRole('list', { name: 'SMS' })).getAllByRole('listitem');
    expect(sms.map((li) => li.textContent?.replace(/To .*$/, ''))).toEqual([
      'Order receivedDelivered',
      'PaidDelivered',
    ]);
  });

  it('shows the promo code the order was placed with, its order discount and what it saved', async () => {
    const order = orderNumbered(1005);
    Object.assign(order, {
      promoCode: 'KARIBU10',
      orderSaving: 60,
      promoSaving: 60,
      total: order.subtotal - 60 + order.shippingRate,
    });
    renderAppQuietly(orderPath(1005));
    const items = await screen.findByRole('table', { name: 'Items' });
    const row = (label: string) => within(items).getByRole('cell', { name: label }).closest('tr')!;
    expect(row('Order discount (KARIBU10)')).toHaveTextContent('-KSH 60.00');
    expect(row('Promo code KARIBU10 saved')).toHaveTextContent('KSH 60.00');
    expect(row('Total')).toHaveTextContent(`KSH ${order.total.toLocaleString('en-KE')}.00`);
  });

  it('shows no promo rows for an order placed without a code', async () => {
    renderAppQuietly(orderPath(1005));
    const items = await screen.findByRole('table', { name: 'Items' });
    expect(within(items).queryByText(/Order discount|Promo code/)).toBeNull();
  });

  it('moves a paid order one step forward', async () => {
    const { user } = renderAppQuietly(orderPath(1009));
    await user.click(await screen.findByRole('button', { name: 'Mark as processing' }));
    expect(await screen.findByText('SKN1009 is now processing.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Out for delivery' })).toBeInTheDocument();
    expect(within(statuses()).getByText('Processing')).toBeInTheDocument();
    const last = within(timeline()).getAllByRole('listitem').at(-1)!;
    expect(last).toHaveTextContent('Moved from new to processing.');
    expect(last).toHaveTextContent('Otieno Admin');
  });

  it('sends a processing order out with the rider picked, shows them, and can give it to another', async () => {
    const { user } = renderAppQuietly(orderPath(1009));
    await user.click(await screen.findByRole('button', { name: 'Mark as processing' }));
    await user.click(await screen.findByRole('button', { name: 'Out for delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send SKN1009 out for delivery' });
    await user.click(within(dialog).getByRole('button', { name: 'Out for delivery' }));
    expect(await within(dialog).findByText('Pick the rider taking the order.')).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Rider' });
    await within(dialog).findByRole('option', { name: 'Juma Otieno (0722 334 455)' });
    await user.selectOptions(picker, DEMO_USERS.rider.id);
    await user.click(within(dialog).getByRole('button', { name: 'Out for delivery' }));
    expect(await screen.findByText('SKN1009 is out for delivery with Juma Otieno.')).toBeInTheDocument();
    const rider = await screen.findByRole('region', { name: 'Rider' });
    expect(rider).toHaveTextContent('Juma Otieno');
    expect(within(rider).getByRole('link', { name: '0722 334 455' })).toHaveAttribute(
      'href',
      'tel:0722334455',
    );
    expect(within(timeline()).getByText('Given to Juma Otieno.')).toBeInTheDocument();

    // The only rider has it: changing offers nobody else, and says how to get one.
    await user.click(screen.getByRole('button', { name: 'Change rider' }));
    const change = await screen.findByRole('dialog', { name: 'Give SKN1009 to another rider' });
    expect(await within(change).findByText(/No other active rider/)).toBeInTheDocument();
  });

  it('tells the admin who lost a race what happened, and shows the order as it is now', async () => {
    const { user } = renderAppQuietly(orderPath(1009));
    const button = await screen.findByRole('button', { name: 'Mark as processing' });
    // A colleague moves the order first.
    orderNumbered(1009).status = 'processing';
    await user.click(button);
    expect(await screen.findByText(/^Order SKN1009 is already processing\./)).toBeInTheDocument();
    await waitFor(() => expect(within(statuses()).getByText('Processing')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Out for delivery' })).toBeInTheDocument();
  });

  it('cancels after a confirmation that says the stock returns and a refund becomes due', async () => {
    const { user } = renderAppQuietly(orderPath(1004));
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order SKN1004?' });
    expect(dialog).toHaveTextContent('The items go back to stock');
    expect(dialog).toHaveTextContent('a refund of');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/^SKN1004 is cancelled\./)).toBeInTheDocument();
    await waitFor(() => expect(within(statuses()).getByText('Refund due')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Record refund' })).toBeInTheDocument();
    expect(orderNumbered(1004).stockReserved).toBe(false);
  });

  it('settles a payment under review: a bad receipt, a used one, then a good one', async () => {
    const { user } = renderAppQuietly(orderPath(1008));
    await user.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark SKN1008 as paid' });
    const field = within(dialog).getByRole('textbox', { name: /M-Pesa receipt/ });
    await user.type(field, 'ABC123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText(/^Receipt must be the 10 letters and digits/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'SIM0001001');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    const taken = await within(dialog).findByText(
      /^M-Pesa receipt SIM0001001 is already recorded for order SKN1001\./,
    );
    expect(fieldOf(taken)).toContainElement(field);

    await user.clear(field);
    await user.type(field, 'sgr7kx1q2b');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('SKN1008 is marked as paid.')).toBeInTheDocument();
    await waitFor(() => expect(within(statuses()).getByText('Paid')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark as processing' })).toBeInTheDocument();
    expect(within(timeline()).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Marked paid with M-Pesa receipt SGR7KX1Q2B (payment was needs review).',
    );
  });

  it('offers a packer the next step, and no cancel, settling or refund', async () => {
    signInAs({ ...admin, role: 'fulfilment' });
    const first = renderAppQuietly(orderPath(1009));
    expect(await screen.findByRole('button', { name: 'Mark as processing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    first.unmount();

    // Under review: the owner would ask M-Pesa, settle by hand or cancel; a packer has none of it.
    const second = renderAppQuietly(orderPath(1008));
    expect(await screen.findByRole('heading', { level: 1, name: /SKN1008/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
    second.unmount();

    renderAppQuietly(orderPath(1003));
    expect(await screen.findByRole('heading', { level: 1, name: /SKN1003/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record refund' })).not.toBeInTheDocument();
  });

  it('asks M-Pesa again and says what it answered', async () => {
    const { user } = renderAppQuietly(orderPath(1008));
    await user.click(await screen.findByRole('button', { name: 'Ask M-Pesa again' }));
    expect(
      await screen.findAllByText(
        'Asked M-Pesa about the payment. M-Pesa says “DS timeout user cannot be reached” (1037); nothing changed.',
      ),
    ).not.toHaveLength(0);
    expect(within(statuses()).getByText('Needs review')).toBeInTheDocument();
  });

  it('records a refund, with the amount prefilled with the total', async () => {
    const order = orderNumbered(1003);
    const { user } = renderAppQuietly(orderPath(1003));
    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the refund of SKN1003' });
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveValue(String(order.total));
    await user.type(within(dialog).getByRole('textbox', { name: /reversal reference/ }), 'RVS1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('The refund of SKN1003 is recorded.')).toBeInTheDocument();
    expect(await screen.findByText(/refunded with M-Pesa reversal RVS1234567/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record refund' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusals of a refund under the amount and the reference', async () => {
    const { user } = renderAppQuietly(orderPath(1003));
    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the refund of SKN1003' });
    const reference = within(dialog).getByRole('textbox', { name: /reversal reference/ });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    // The shopper paid less than the total: the server refuses more than was paid.
    orderNumbered(1003).attempts[0]!.paidAmount = 100;
    await user.type(reference, 'RVS1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    const tooLarge = await within(dialog).findByText(/was paid KSH 100; a refund cannot be more than that/);
    expect(fieldOf(tooLarge)).toContainElement(amount);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.clear(reference);
    await user.type(reference, 'RVS0001002');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    const taken = await within(dialog).findByText(
      /^M-Pesa reference RVS0001002 is already recorded for order SKN1002\./,
    );
    expect(fieldOf(taken)).toContainElement(reference);
    expect(within(dialog).queryByText(/a refund cannot be more than that/)).not.toBeInTheDocument();
  });

  it('offers no cancel while an M-Pesa prompt waits for the shopper', async () => {
    const order = orderNumbered(1006);
    Object.assign(order, { paymentStatus: 'pending', paymentIssue: null, phone: '254711000309' });
    Object.assign(order.attempts[0]!, {
      status: 'pending',
      phone: '254711000309',
      issue: null,
      resultCode: null,
      completedAt: null,
      createdAt: Date.now(),
    });
    renderAppQuietly(orderPath(1006));
    expect(await screen.findByRole('heading', { name: 'Order SKN1006' })).toBeInTheDocument();
    await waitFor(() => expect(within(statuses()).getByText('Pending')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says when the order does not exist', async () => {
    renderAppQuietly(
      `/admin/ad000000-0000-4000-8000-000000000002/orders/0e000000-0000-4000-8000-000000009999`,
    );
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});
