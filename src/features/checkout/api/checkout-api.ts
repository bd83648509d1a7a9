import { apiPost } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER, type CheckoutBody, type CheckoutResult } from '@contract/checkout';

/** `POST /v1/checkout` (contract/checkout.ts): the order for the cart, and the M-Pesa prompt. */
export function placeOrder(body: CheckoutBody, idempotencyKey: string): Promise<CheckoutResult> {
  return apiPost<CheckoutResult>('v1/checkout', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
