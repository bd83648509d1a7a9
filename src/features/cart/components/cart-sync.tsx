import { useUser } from '@/features/session';
import { onReconnect } from '@/lib/online';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCartMode, useServerCart } from '../hooks/use-cart';
import { pushGuestCart } from '../model/push-guest-cart';

/**
 * Mounted once in the app shell, on every page (with or without header). The cart is fetched
 * at app start for every signed-in user who is not an admin, and after sign-in the local lines move
 * to the server cart (docs/behaviour.md#cart). The shopper's changes queued offline are sent at start and
 * each time the connection comes back.
 */
export function CartSync() {
  const mode = useCartMode();
  const userId = useUser()?.userId;
  const queryClient = useQueryClient();
  useServerCart();
  useEffect(() => {
    if (mode !== 'server' || !userId) return;
    void pushGuestCart(queryClient);
    // The queue's code loads here, with a shopper's first page: a change made offline later needs it.
    const send = () => void import('../model/cart-outbox').then((m) => m.sendCartQueue(queryClient));
    send();
    return onReconnect(send);
  }, [mode, userId, queryClient]);
  return null;
}
