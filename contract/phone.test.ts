import { describe, expect, it } from 'vitest';
import { formatKenyanPhone, MpesaPhone, normaliseKenyanPhone } from './phone';

describe('normaliseKenyanPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['+254 112 345 678', '254112345678'],
    ['0712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['  0722 000 100 ', '254722000100'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normaliseKenyanPhone(input)).toBe(expected);
  });

  it.each([
    ['0812345678', 'an 08 number'],
    ['071234567', 'one digit short'],
    ['07123456789', 'one digit long'],
    ['07123456ab', 'letters'],
    ['+255712345678', 'another country code'],
    ['712345678', 'no trunk 0 or country code'],
    ['+2540712345678', 'country code and trunk 0 together'],
    ['', 'empty'],
    ['0712.345.678', 'dots'],
    ['0'.repeat(40), 'very long input'],
  ])('refuses %j (%s)', (input) => {
    expect(normaliseKenyanPhone(input)).toBeNull();
  });

  it('formats a normalised number for people and leaves nonsense alone', () => {
    expect(formatKenyanPhone('254712345678')).toBe('0712 345 678');
    expect(formatKenyanPhone('nonsense')).toBe('nonsense');
  });

  it('validates the same way as a zod schema', () => {
    expect(MpesaPhone.safeParse('+254 712 345 678').success).toBe(true);
    const bad = MpesaPhone.safeParse('0812345678');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/0712 345 678/);
  });
});
