import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, GENERIC_ERROR } from './errors';
import { adoptCatalogue } from './i18n';
import sw from '@/locales/sw';

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(new ApiError(409, 'That email is already registered.'), 'fallback')).toBe(
      'That email is already registered.',
    );
  });

  it("falls back to the error's own message", () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('Failed to fetch');
  });

  it('uses the fallback when there is nothing to say', () => {
    expect(errorMessage(new Error(''), 'An error occurred.')).toBe('An error occurred.');
    expect(errorMessage(undefined, 'An error occurred.')).toBe('An error occurred.');
    expect(errorMessage({ weird: true })).toBe(GENERIC_ERROR);
    expect(GENERIC_ERROR).toBe('We encountered an error!');
  });

  it("falls back in the shown language, and keeps the server's message as it is", () => {
    adoptCatalogue('sw', sw);
    expect(errorMessage({ weird: true })).toBe('Samahani, hitilafu imetokea!');
    expect(errorMessage(new ApiError(409, 'That email is already registered.'))).toBe(
      'That email is already registered.',
    );
  });
});
