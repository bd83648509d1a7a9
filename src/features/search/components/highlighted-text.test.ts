import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlighted-text';

const marked = (text: string, query: string) =>
  highlightParts(text, query)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('highlightParts', () => {
  it('marks the starts of words the query names, whatever their case', () => {
    expect(marked('Whole Tilapia', 'tilapia')).toEqual(['Tilapia']);
    expect(marked('Sukuma Wiki (Collard Greens)', 'wiki suk')).toEqual(['Suk', 'Wiki']);
    expect(
      highlightParts('Sukuma Wiki', 'suk')
        .map((p) => p.text)
        .join(''),
    ).toBe('Sukuma Wiki');
  });

  it('marks nothing inside words, for one letter, or for a typo', () => {
    expect(marked('Omena', 'men')).toEqual([]);
    expect(marked('Omena', 'o')).toEqual([]);
    expect(marked('Whole Tilapia', 'tilapa')).toEqual([]);
  });

  it('takes the query literally, not as a pattern', () => {
    expect(marked('Chai (masala)', '(masala')).toEqual(['(masala']);
    expect(marked('Chai masala', '.*')).toEqual([]);
  });
});
