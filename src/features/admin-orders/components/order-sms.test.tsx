import { renderWithProviders } from '@/test/render-app';
import type { AdminOrderSms } from '@contract/admin-orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSms } from './order-sms';

const message = (m: Partial<AdminOrderSms>): AdminOrderSms => ({
  smsId: 'c0000000-0000-4000-8000-000000000001',
  event: 'received',
  phone: '0712 345 678',
  status: 'delivered',
  reason: null,
  attempts: 1,
  queuedAt: '2026-03-10T21:30:00Z',
  sentAt: '2026-03-10T21:30:02Z',
  deliveredAt: '2026-03-10T21:30:05Z',
  ...m,
});

describe('OrderSms', () => {
  it('shows each message with its state, and why one failed or waits', () => {
    renderWithProviders(
      <OrderSms
        messages={[
          message({}),
          message({
            smsId: 'c0000000-0000-4000-8000-000000000002',
            event: 'paid',
            status: 'queued',
            attempts: 2,
            reason: "the Africa's Talking account has no balance left (top it up)",
            sentAt: null,
            deliveredAt: null,
          }),
          message({
            smsId: 'c0000000-0000-4000-8000-000000000003',
            event: 'out_for_delivery',
            status: 'failed',
            reason: 'the network could not deliver it to the phone',
            deliveredAt: null,
          }),
          message({
            smsId: 'c0000000-0000-4000-8000-000000000004',
            event: 'delivered',
            status: 'sent',
            deliveredAt: null,
          }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'SMS' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Order receivedDeliveredTo 0712 345 678 · 11 Mar 2026, 00:30',
      "PaidQueuedTo 0712 345 678 · 11 Mar 2026, 00:30 · 2 triesLast try: the Africa's Talking account has no balance left (top it up)",
      'Out for deliveryFailedTo 0712 345 678 · 11 Mar 2026, 00:30Not delivered: the network could not deliver it to the phone',
      'DeliveredSentTo 0712 345 678 · 11 Mar 2026, 00:30',
    ]);
  });

  it('says why there are none', () => {
    renderWithProviders(<OrderSms messages={[]} />);
    expect(screen.getByText(/the shopper has order updates by SMS off/)).toBeInTheDocument();
  });
});
