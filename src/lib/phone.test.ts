import type { Country } from '@contract/setups';
import { describe, expect, it } from 'vitest';
import { composePhone, formatPhone, KENYA, splitPhone } from './phone';

const UGANDA: Country = { cca2: 'UG', name: { common: 'Uganda' }, flag: '🇺🇬', idd: '+256' };
const USA: Country = { cca2: 'US', name: { common: 'United States' }, flag: '🇺🇸', idd: '+1' };
const countries = [KENYA, UGANDA, USA];

describe('composePhone', () => {
  it.each([
    ['0712 345 678', KENYA, '+254712345678'],
    ['712-345-678', KENYA, '+254712345678'],
    ['0772 123456', UGANDA, '+256772123456'],
    ['+44 20 7946 0958', KENYA, '+442079460958'],
  ])('%j in %s is %s', (typed, country, expected) => expect(composePhone(typed, country)).toBe(expected));

  it('answers null for nothing typed', () => expect(composePhone('   ', KENYA)).toBeNull());
});

describe('splitPhone', () => {
  it("prefers the user's own country", () =>
    expect(splitPhone('+254712345678', countries, 'KE')).toEqual({ cca2: 'KE', national: '712345678' }));
  it('finds the country by its code otherwise', () =>
    expect(splitPhone('+256772123456', countries, 'KE')).toEqual({ cca2: 'UG', national: '772123456' }));
  it('keeps an unknown number whole', () =>
    expect(splitPhone('+999123', countries, null)).toEqual({ cca2: 'KE', national: '+999123' }));
  it('starts empty without a number', () =>
    expect(splitPhone(null, countries, 'UG')).toEqual({ cca2: 'UG', national: '' }));
});

describe('formatPhone', () => {
  it('groups the national part', () =>
    expect(formatPhone('+254712345678', countries, 'KE')).toBe('+254 712 345 678'));
  it('leaves what it cannot read', () => expect(formatPhone('+999123', countries, 'KE')).toBe('+999123'));
});
