import { formatKenyanPhone, normaliseKenyanPhone } from '@contract/phone';
import type { Country } from '@contract/setups';
import { translate } from './i18n';

/** Kenya, for when the country list has not loaded (or failed): the picker always has its first entry. */
export const KENYA: Country = { cca2: 'KE', name: { common: 'Kenya' }, flag: '🇰🇪', idd: '+254' };

/**
 * The number to send: the country's dialling code and the national number without its trunk 0
 * ("0712 345 678" in Kenya → "+254712345678"). A number typed with its own + is kept as typed.
 * Answers null for an empty number.
 */
export function composePhone(national: string, country: Country | undefined): string | null {
  const typed = national.trim();
  if (!typed) return null;
  if (typed.startsWith('+') || !country?.idd) return typed.replace(/[\s-]+/g, '');
  const digits = typed.replace(/[\s-]+/g, '').replace(/^0+/, '');
  return `${country.idd}${digits}`;
}

/**
 * Splits a stored number back into the picker's country and the national part: the user's own
 * country when the number starts with its code, else the country with the longest matching code.
 */
export function splitPhone(
  phone: string | null,
  countries: Country[],
  preferred: string | null,
): { cca2: string; national: string } {
  const fallback = preferred ?? KENYA.cca2;
  if (!phone) return { cca2: fallback, national: '' };
  const own = countries.find((c) => c.cca2 === preferred && c.idd && phone.startsWith(c.idd));
  const match =
    own ??
    countries
      .filter((c) => c.idd && phone.startsWith(c.idd))
      .sort((a, b) => (b.idd?.length ?? 0) - (a.idd?.length ?? 0))[0];
  if (!match?.idd) return { cca2: fallback, national: phone };
  return { cca2: match.cca2, national: phone.slice(match.idd.length) };
}

/** A stored number as people read it: `+254 712 345 678` (the national part in groups of three). */
export function formatPhone(phone: string, countries: Country[], preferred: string | null): string {
  const { cca2, national } = splitPhone(phone, countries, preferred);
  const idd = countries.find((c) => c.cca2 === cca2)?.idd;
  if (!idd || !/^\d{6,12}$/.test(national)) return phone;
  return `${idd} ${national.replace(/(\d{3})(?=\d{3})/g, '$1 ')}`;
}

/**
 * Checks an M-Pesa number as the shopper typed it (07…, 01…, +254…, 254…, spaces and dashes
 * allowed) with the normaliser the server uses; answers the message to show (in the shown language),
 * or null when fine.
 */
export function mpesaPhoneProblem(value: string): string | null {
  if (!value.trim()) return translate('forms:check.mpesaRequired');
  // MPESA_PHONE_MESSAGE in English: the server's own words for the same refusal.
  return normaliseKenyanPhone(value) ? null : translate('forms:check.mpesaInvalid');
}

/** `0712 345 678` for a valid number, else null. */
export function displayMpesaPhone(value: string): string | null {
  const msisdn = normaliseKenyanPhone(value);
  return msisdn ? formatKenyanPhone(msisdn) : null;
}
