import { describe, expect, it } from 'vitest';
import {
  formatNairobi,
  fromNairobiInput,
  nairobiDate,
  nairobiDayStart,
  toNairobiInput,
} from './nairobi-time';

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

  it('names the Nairobi day of an instant and the instant that day begins, for the dashboard, the orders list and its CSV', () => {
    // 23:59:59 in Nairobi is 20:59:59 UTC, still that day; 21:00 UTC is the next one.
    expect(nairobiDate(new Date('2026-11-24T20:59:59Z'))).toBe('2026-11-24');
    expect(nairobiDate(new Date('2026-11-24T21:00:00Z'))).toBe('2026-11-25');
    expect(nairobiDayStart('2026-11-25').toISOString()).toBe('2026-11-24T21:00:00.000Z');
  });
});
