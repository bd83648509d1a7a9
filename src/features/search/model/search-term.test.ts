import { SEARCH_QUERY_MAX } from '@contract/search';
import { describe, expect, it } from 'vitest';
import { normaliseSearchTerm, SEARCH_TERM_MAX } from './search-term';

describe('search terms', () => {
  it('are trimmed, with inner runs of spaces collapsed', () => {
    expect(normaliseSearchTerm('  sukuma   wiki \t')).toBe('sukuma wiki');
    expect(normaliseSearchTerm(' \n ')).toBe('');
  });

  it('are limited as the server limits them', () => {
    expect(SEARCH_TERM_MAX).toBe(SEARCH_QUERY_MAX);
  });
});
