import { ApiError } from '@/lib/api-client';
import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetry } from './query-client';

describe('the query client', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, new ApiError(status, 'x'))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetry(0, new ApiError(503, 'x'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('keeps data fresh for 30 seconds', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(30_000);
  });
});
