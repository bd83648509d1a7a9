/** Release label shown in the footer and sent to error reporting. */
export const RELEASE = 'v0.0.7';
/** The product name: page titles and storage keys are built from it. */
export const PRODUCT_NAME = 'Sokoni';

/**
 * The header `POST /v1/checkout` requires: the same key (per account) always answers with the same order.
 * The cart's writes (`POST /v1/cart`, `PATCH` and `DELETE /v1/cart/{itemId}`) take it too, optionally:
 * a write whose key was already applied is not applied again.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
