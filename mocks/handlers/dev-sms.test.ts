// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cart } from '../../contract/cart';
import { shownFigures } from '../../contract/checkout-rules';
import { CheckoutResult, Order } from '../../contract/checkout';
import { envelope } from '../../contract/common';
import { orderLabel } from '../../contract/fulfilment';
import { DEMO_USERS, findUserById } from '../auth-db';
import { commerceSettings } from '../commerce-db';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { adminOrderHandlers } from './admin-orders';
import { cartHandlers } from './cart';
import { checkoutHandlers } from './checkout';
import { deliveryHandlers } from './delivery';
import { ordersHandlers } from './orders';

// Mock mode's dev SMS outbox: the texts the server would have sent about a shopper's orders, in the
// shopper's language, written by the server's own templates (contract/order-sms.ts).

serveMocks(
  ...deliveryHandlers,
  ...cartHandlers,
  ...checkoutHandlers,
  ...ordersHandlers,
  ...adminOrderHandlers,
);
afterEach(() => {
  vi.useRealTimers();
  const shopper = findUserById(DEMO_USERS.shopper.id)!;
  shopper.language = 'en';
  shopper.smsUpdates = true;
});

interface DevSms {
  event: string;
  to: string;
  language: string;
  text: string;
  status: string;
}

async function paidOrder(phone: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const token = tokenOf('shopper');
  const omena = mockDb.catalogue.products.find((p) => p.name === 'Omena')!;
  await mockFetch('POST', '/v1/cart', { item: { productId: omena.id, quantity: 1 } }, { token });
  const cart = envelope(Cart).parse(
    await (await mockFetch('GET', '/v1/cart?deliveryAreaId=westlands', undefined, { token })).json(),
  ).data;
  const placed = await mockFetch(
    'POST',
    '/v1/checkout',
    { phone, deliveryAreaId: 'westlands', address: 'Mpaka Road, Apt 4B', shown: shownFigures(cart) },
    { token, headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );
  const { orderId } = envelope(CheckoutResult).parse(await placed.json()).data;
  vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
  const res = await mockFetch('GET', `/v1/orders/${orderId}`, undefined, { token });
  return envelope(Order).parse(await res.json()).data;
}

const smsTo = async (phone: string) =>
  ((await (await mockFetch('GET', `/dev/sms?to=${encodeURIComponent(phone)}`)).json()) as { data: DevSms[] })
    .data;

describe('the dev SMS outbox of mock mode', () => {
  it("holds the received and paid texts in the shopper's language, with the receipt", async () => {
    findUserById(DEMO_USERS.shopper.id)!.language = 'sw';
    const order = await paidOrder('0712 345 600');
    const receipt = order.payments[0]!.receipt!;
    const texts = await smsTo('+254 712 345 600');
    expect(texts.map((t) => `${t.event}:${t.language}:${t.status}`)).toEqual([
      'paid:sw:delivered',
      'received:sw:delivered',
    ]);
    expect(texts[0]!.to).toBe('254712345600');
    expect(texts[0]!.text).toBe(
      `Sokoni: Malipo ya KSH ${order.total.toLocaleString('sw-KE')} ya oda ${orderLabel(order.number)} ` +
        `yamepokelewa, risiti ya M-Pesa ${receipt}. Tunaandaa oda yako sasa.`,
    );
  });

  it('has nothing for a shopper who turned order updates by SMS off, or for another phone', async () => {
    findUserById(DEMO_USERS.shopper.id)!.smsUpdates = false;
    await paidOrder('0712 345 600');
    expect(await smsTo('0712345600')).toEqual([]);
    expect(await smsTo('0799000000')).toEqual([]);
  });
});
