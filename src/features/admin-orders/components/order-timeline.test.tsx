import { renderWithProviders } from '@/test/render-app';
import type { TimelineEntry } from '@contract/admin-orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTimeline } from './order-timeline';

const entries: TimelineEntry[] = [
  {
    kind: 'placed',
    at: '2026-03-10T21:30:00Z',
    actorName: 'Njeri Mwangi',
    actorId: 'c0000000-0000-4000-8000-0000000005a2',
    summary: 'Placed order SKN1042 for KSH 1,250.',
  },
  {
    kind: 'payment_paid',
    at: '2026-03-10T21:31:00Z',
    actorName: 'M-Pesa',
    actorId: null,
    summary: 'Paid, receipt SGR7KX1Q2B.',
  },
  {
    kind: 'status_changed',
    at: '2026-03-11T06:05:00Z',
    actorName: 'Amina Odhiambo',
    actorId: 'ad000000-0000-4000-8000-00000000a001',
    summary: 'Moved from new to processing.',
  },
];

describe('OrderTimeline', () => {
  it('lists every change in order, with who did it and when on Nairobi’s clock', () => {
    renderWithProviders(<OrderTimeline entries={entries} />);
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      // 21:30 UTC on the 10th is half past midnight on the 11th in Nairobi (UTC+3).
      'Placed order SKN1042 for KSH 1,250.Njeri Mwangi·11 Mar 2026, 00:30',
      'Paid, receipt SGR7KX1Q2B.M-Pesa·11 Mar 2026, 00:31',
      'Moved from new to processing.Amina Odhiambo·11 Mar 2026, 09:05',
    ]);
    expect(within(items[2]!).getByText('11 Mar 2026, 09:05')).toHaveAttribute(
      'datetime',
      '2026-03-11T06:05:00Z',
    );
  });

  it('says so when nothing has happened', () => {
    renderWithProviders(<OrderTimeline entries={[]} />);
    expect(screen.getByText('Nothing has happened to this order yet.')).toBeInTheDocument();
  });
});
