import { ApiError } from '@/lib/api-client';
import { TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { SEARCH_FAILED, SEARCH_FETCH_FAILED, searchErrorMessage } from './search-error';

describe('searchErrorMessage (docs/behaviour.md#error-texts)', () => {
  it("says 'error fetching search term' when the request got no usable answer", () => {
    expect(SEARCH_FETCH_FAILED).toBe('error fetching search term');
    expect(searchErrorMessage(new TypeError('Failed to fetch'))).toBe(SEARCH_FETCH_FAILED);
    expect(searchErrorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      SEARCH_FETCH_FAILED,
    );
    expect(searchErrorMessage(new TypeError('Load failed'))).toBe(SEARCH_FETCH_FAILED);
    expect(searchErrorMessage(new ApiError(500, 'Something broke.'))).toBe(SEARCH_FETCH_FAILED);
    expect(searchErrorMessage(new ApiError(503, 'Unknown error'))).toBe(SEARCH_FETCH_FAILED);
  });

  it('treats a timed-out request as a failed one', () => {
    const timeout = new TimeoutError(new Request('http://localhost/api/v1/search/orama?q=x'));
    expect(searchErrorMessage(timeout)).toBe(SEARCH_FETCH_FAILED);
  });

  it("shows the server's message for a refused search, else 'Error searching...'", () => {
    expect(SEARCH_FAILED).toBe('Error searching...');
    expect(
      searchErrorMessage(new ApiError(400, 'Invalid query: q: Search for at most 100 characters.')),
    ).toBe('Invalid query: q: Search for at most 100 characters.');
    expect(searchErrorMessage(new ApiError(429, 'Too many searches, wait a moment.'))).toBe(
      'Too many searches, wait a moment.',
    );
    // The API client words a body without a message 'Unknown error'.
    expect(searchErrorMessage(new ApiError(400, 'Unknown error'))).toBe(SEARCH_FAILED);
    expect(searchErrorMessage(new ApiError(404, '  '))).toBe(SEARCH_FAILED);
  });

  it("shows an exception's message, else 'Error searching...'", () => {
    expect(searchErrorMessage(new Error('Results could not be read'))).toBe('Results could not be read');
    expect(searchErrorMessage(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      "Cannot read properties of undefined (reading 'map')",
    );
    expect(searchErrorMessage(new Error(''))).toBe(SEARCH_FAILED);
    expect(searchErrorMessage('went wrong')).toBe('went wrong');
    expect(searchErrorMessage(undefined)).toBe(SEARCH_FAILED);
    expect(searchErrorMessage({ reason: 'odd' })).toBe(SEARCH_FAILED);
  });
});
