import { describe, expect, it } from 'vitest';
import { formatKsh } from './format';

describe('formatKsh', () => {
  it.each([
    [1250, 'KSH 1,250.00'],
    [0, 'KSH 0.00'],
    [99.5, 'KSH 99.50'],
    [1234567.891, 'KSH 1,234,567.89'],
    [-50, '-KSH 50.00'],
  ])('shows %d as %s', (amount, shown) => {
    expect(formatKsh(amount)).toBe(shown);
  });

  it('does not print NaN for a missing price', () => {
    expect(formatKsh(Number.NaN)).toBe('KSH —');
  });
});
