import { ApiError } from '@/lib/api-client';
import { describe, expect, it } from 'vitest';
import {
  newIdempotencyKey,
  OPEN_SUBMISSION_MS,
  OPEN_SUBMISSION_STORAGE_KEY,
  SubmissionKeys,
} from './submission-key';

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

  it('keep the open key across a reload of the page (a new page, the same tab), for the same body only', () => {
    let now = 1_000_000;
    const clock = () => now;
    const before = new SubmissionKeys(sessionStorage, clock);
    const first = before.keyFor(body);
    before.settle(new TypeError('Failed to fetch'));
    // Nothing the shopper typed is written down: only the key and a hash of the body.
    const stored = sessionStorage.getItem(OPEN_SUBMISSION_STORAGE_KEY)!;
    expect(stored).toContain(first);
    expect(stored).not.toContain(body.phone);
    expect(stored).not.toContain(body.address);

    now += 60_000;
    const afterReload = new SubmissionKeys(sessionStorage, clock);
    expect(afterReload.keyFor({ ...body })).toBe(first);
    // A changed form after the reload is another submission.
    expect(new SubmissionKeys(sessionStorage, clock).keyFor({ ...body, address: 'Another road' })).not.toBe(
      first,
    );
  });

  it('forget the kept key once the submission is answered, or after an hour', () => {
    let now = 1_000_000;
    const clock = () => now;
    const keys = new SubmissionKeys(sessionStorage, clock);
    const first = keys.keyFor(body);
    keys.settle();
    expect(sessionStorage.getItem(OPEN_SUBMISSION_STORAGE_KEY)).toBeNull();
    expect(new SubmissionKeys(sessionStorage, clock).keyFor(body)).not.toBe(first);

    const second = new SubmissionKeys(sessionStorage, clock).keyFor(body);
    now += OPEN_SUBMISSION_MS;
    expect(new SubmissionKeys(sessionStorage, clock).keyFor(body)).not.toBe(second);
  });

  it('still work where session storage refuses to be used', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const keys = new SubmissionKeys(refusing);
    const first = keys.keyFor(body);
    keys.settle(new TypeError('Failed to fetch'));
    expect(keys.keyFor(body)).toBe(first);
    keys.settle();
    expect(keys.keyFor(body)).not.toBe(first);
  });
});
