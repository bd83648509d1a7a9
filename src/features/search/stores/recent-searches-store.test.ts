import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearRecentSearches,
  forgetSearch,
  RECENT_SEARCHES_KEY,
  rememberSearch,
  sanitiseRecentSearches,
  useRecentSearches,
  withRecentSearch,
} from './recent-searches-store';

afterEach(() => clearRecentSearches());

const stored = () =>
  JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? 'null') as { state: unknown } | null;

describe('withRecentSearch', () => {
  it('puts the newest first, trimmed, once whatever its case, and keeps eight', () => {
    let terms: string[] = [];
    for (const t of ['omena', ' tilapia  ', 'sukuma   wiki', 'OMENA']) terms = withRecentSearch(terms, t);
    expect(terms).toEqual(['OMENA', 'sukuma wiki', 'tilapia']);
    for (let i = 1; i <= 10; i++) terms = withRecentSearch(terms, `term ${i}`);
    expect(terms).toHaveLength(8);
    expect(terms[0]).toBe('term 10');
  });

  it('ignores blank and over-long queries', () => {
    expect(withRecentSearch(['omena'], '   ')).toEqual(['omena']);
    expect(withRecentSearch(['omena'], 'x'.repeat(101))).toEqual(['omena']);
  });
});

describe('sanitiseRecentSearches', () => {
  it('keeps only text from whatever storage held, in order', () => {
    expect(sanitiseRecentSearches(undefined)).toEqual([]);
    expect(sanitiseRecentSearches('omena')).toEqual([]);
    expect(sanitiseRecentSearches(['omena', 3, null, ' Tilapia ', 'OMENA', ''])).toEqual([
      'omena',
      'Tilapia',
    ]);
  });
});

describe('the recent searches store', () => {
  it('remembers searches on the device, data only', () => {
    const { result } = renderHook(() => useRecentSearches());
    act(() => {
      rememberSearch('tilapia');
      rememberSearch('omena');
    });
    expect(result.current).toEqual(['omena', 'tilapia']);
    expect(stored()?.state).toEqual({ terms: ['omena', 'tilapia'] });

    act(() => forgetSearch('omena'));
    expect(result.current).toEqual(['tilapia']);
    act(() => clearRecentSearches());
    expect(result.current).toEqual([]);
    expect(stored()?.state).toEqual({ terms: [] });
  });
});
