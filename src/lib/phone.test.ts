import { MPESA_PHONE_MESSAGE } from '@contract/phone';
import type { Country } from '@contract/setups';
import sw from '@/locales/sw';
import { describe, expect, it } from 'vitest';
import { adoptCatalogue } from './i18n';
import { composePhone, formatPhone, KENYA, mpesaPhoneProblem, splitPhone } from './phone';

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

describe('mpesaPhoneProblem', () => {
  it('says what is wrong in English as the server does, and in Kiswahili when it is shown', () => {
    expect(mpesaPhoneProblem('0712 345 678')).toBeNull();
    expect(mpesaPhoneProblem(' ')).toBe('Enter the M-Pesa phone number for the payment prompt.');
    expect(mpesaPhoneProblem('12345')).toBe(MPESA_PHONE_MESSAGE);
    adoptCatalogue('sw', sw);
    expect(mpesaPhoneProblem(' ')).toBe('Andika nambari ya simu ya M-Pesa itakayopokea ombi la malipo.');
    expect(mpesaPhoneProblem('12345')).toBe(
      'Andika nambari ya simu ya Kenya kama 0712 345 678 au +254 712 345 678.',
    );
  });
});
