import { describe, expect, it } from 'vitest';
import { passwordBuiltOn, wordsToAvoid } from './password-words';

describe('the words a password must not be built on', () => {
  it('are the shop words and the words of the person name and email', () => {
    const words = wordsToAvoid({ email: 'Wanjiku.Kamau@gmail.com', name: 'Wanjiku Kamau' });
    expect(words).toEqual(
      expect.arrayContaining(['sokoni', 'nairobi', 'mpesa', 'wanjiku', 'kamau', 'gmail']),
    );
    expect(words).not.toContain('com');
  });

  it.each([
    ['sokoni123456', 'sokoni'],
    ['nairobi2024', 'nairobi'],
    ['Mombasa2025!', 'mombasa'],
    ['M-PESA-1234', 'm-pesa'],
    ['wanjiku1990', 'wanjiku'],
    ['Kamau&Wanjiku', 'wanjiku'],
    ['nairobi-nights-2024', null],
    ['chai-na-mandazi-24', null],
    ['sokoni-shopper-123', null],
  ])('%s is built on %s', (password, word) => {
    expect(passwordBuiltOn(password, wordsToAvoid({ name: 'Wanjiku Kamau' }))).toBe(word);
  });
});
