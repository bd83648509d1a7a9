import { ApiError } from '@/lib/api-client';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, SubmissionKeys } from './submission-key';

const body = { phone: '0712345600', address: 'Mpaka Road', deliveryAreaId: 'westlands' };

describe('checkout submission keys', () => {
  it('are UUIDs the API accepts', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('reuse the key when the same submission is sent again after a network error or a 5xx', () => {
    const keys = new SubmissionKeys();
    const first = keys.keyFor(body);
    keys.settle(new TypeError('Failed to fetch'));
    expect(keys.keyFor({ ...body })).toBe(first);
    keys.settle(new ApiError(503, 'M-Pesa is busy'));
    expect(keys.keyFor(body)).toBe(first);
  });

  it('take a new key after an answer, or for a changed form', () => {
    const keys = new SubmissionKeys();
    const first = keys.keyFor(body);
    expect(keys.keyFor({ ...body, address: 'Another road' })).not.toBe(first);
    const second = keys.keyFor(body);
    keys.settle();
    expect(keys.keyFor(body)).not.toBe(second);
    const third = keys.keyFor(body);
    keys.settle(new ApiError(409, 'Sorry, Omena just sold out.', 'out_of_stock'));
    expect(keys.keyFor(body)).not.toBe(third);
  });
});
