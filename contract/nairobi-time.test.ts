import { describe, expect, it } from 'vitest';
import { formatNairobi, fromNairobiInput, toNairobiInput } from './nairobi-time';

describe('Nairobi time', () => {
  it('turns a Nairobi wall-clock time into the UTC instant three hours earlier', () => {
    expect(fromNairobiInput('2026-11-24T08:00')).toBe('2026-11-24T05:00:00.000Z');
    // Just after midnight in Nairobi is still the day before in UTC.
    expect(fromNairobiInput('2026-01-01T01:30')).toBe('2025-12-31T22:30:00.000Z');
  });

  it('shows an instant as the Nairobi input value and says EAT when formatting', () => {
    expect(toNairobiInput('2026-11-24T05:00:00.000Z')).toBe('2026-11-24T08:00');
    expect(formatNairobi('2026-11-24T05:00:00Z')).toBe('24 Nov 2026, 08:00 EAT');
    expect(formatNairobi('2025-12-31T22:30:00Z')).toBe('1 Jan 2026, 01:30 EAT');
  });

  it('round-trips, and refuses what is not a time', () => {
    expect(toNairobiInput(fromNairobiInput('2026-03-07T23:59')!)).toBe('2026-03-07T23:59');
    expect(fromNairobiInput('')).toBeNull();
    expect(fromNairobiInput('2026-02-30T10:00')).toBeNull();
    expect(fromNairobiInput('2026-02-10T24:00')).toBeNull();
  });
});
