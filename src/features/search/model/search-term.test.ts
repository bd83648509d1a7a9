import { SEARCH_QUERY_MAX } from '@contract/search';
import { describe, expect, it } from 'vitest';
import { normaliseSearchTerm, parseSearchPageSearch, SEARCH_TERM_MAX } from './search-term';

describe('search terms', () => {
  it('are trimmed, with inner runs of spaces collapsed', () => {
    expect(normaliseSearchTerm('  sukuma   wiki \t')).toBe('sukuma wiki');
    expect(normaliseSearchTerm(' \n ')).toBe('');
  });

  it('are limited as the server limits them', () => {
    expect(SEARCH_TERM_MAX).toBe(SEARCH_QUERY_MAX);
  });

  it('come from the address as ?q=, normalised and no longer than the server takes', () => {
    expect(parseSearchPageSearch({ q: '  sukuma   wiki ' })).toEqual({ q: 'sukuma wiki' });
    expect(parseSearchPageSearch({ q: 500 })).toEqual({ q: '500' });
    expect(parseSearchPageSearch({ q: 'x'.repeat(250) }).q).toHaveLength(SEARCH_TERM_MAX);
    expect(parseSearchPageSearch({ q: '   ' })).toEqual({});
    expect(parseSearchPageSearch({ q: ['milk'] })).toEqual({});
    expect(parseSearchPageSearch({})).toEqual({});
  });
});
