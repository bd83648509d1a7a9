import { notify } from '@/lib/notify';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { adminOrderQueries } from '../api/admin-order-queries';

/**
 * Paid orders that arrived since the admin opened the list (or last looked): the newest paid orders
 * are polled every ten seconds while the tab is visible; the first answer is the baseline. A toast
 * says so once per arrival; the count stays until the admin acknowledges it.
 */
export function useNewPaidOrders() {
  const latest = useQuery(adminOrderQueries.latestPaid());
  const rows = latest.data?.data;
  const [seen, setSeen] = useState<ReadonlySet<string> | null>(null);
  if (seen === null && rows) setSeen(new Set(rows.map((o) => o.orderId)));
  const count = seen && rows ? rows.filter((o) => !seen.has(o.orderId)).length : 0;

  const announced = useRef(0);
  useEffect(() => {
    if (count > announced.current) {
      notify.info(count === 1 ? '1 new paid order' : `${count} new paid orders`, {
        id: 'admin-new-paid-orders',
      });
    }
    announced.current = count;
  }, [count]);

  /** The admin has seen them: count again from now. */
  const acknowledge = () => setSeen(new Set(rows?.map((o) => o.orderId) ?? []));
  return { count, acknowledge };
}
