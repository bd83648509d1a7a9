import { describe, expect, it } from 'vitest';
import { formatKsh } from './format';

describe('formatKsh', () => {
  it.each([
    [1250, 'KSH 1,250.00'],
    [0, 'KSH 0.00'],
    [99.5, 'KSH 99.50'],
    [1234567.891, 'KSH 1,234,567.89'],
    [-50, '-KSH 50.00'],
    [1.005, 'KSH 1.01'],
    [0.1 + 0.2, 'KSH 0.30'],
    [999999.995, 'KSH 1,000,000.00'],
    [-0.004, '-KSH 0.00'],
  ])('shows %d as %s', (amount, shown) => {
    expect(formatKsh(amount)).toBe(shown);
  });

  it('prints what Intl.NumberFormat en-KE prints, for any amount', () => {
    const intl = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const amount = Math.round(next() * 10 ** (1 + (i % 9)) * 1000) / 1000;
      expect(formatKsh(amount)).toBe(`KSH ${intl.format(amount)}`);
    }
  });

  it('does not print NaN for a missing price', () => {
    expect(formatKsh(Number.NaN)).toBe('KSH —');
  });
});
