import worldCountries from 'world-countries';
import type { Country } from '../../contract/setups';
import { badRequest } from './errors';

const FIRST = 'KE';

/** International dialling code: the root plus the suffix when there is exactly one (`+254`), else the root (`+1`). */
function dialling({ root, suffixes }: { root: string; suffixes: string[] }): string | null {
  if (!root) return null;
  return suffixes.length === 1 ? `${root}${suffixes[0]}` : root;
}

let cached: Country[] | undefined;

/** Every country with its flag, common name, cca2 and dialling code: Kenya first, then by name. */
export function countries(): Country[] {
  cached ??= worldCountries
    .map((c) => ({ cca2: c.cca2, name: { common: c.name.common }, flag: c.flag, idd: dialling(c.idd) }))
    .sort((a, b) =>
      a.cca2 === FIRST ? -1 : b.cca2 === FIRST ? 1 : a.name.common.localeCompare(b.name.common, 'en'),
    );
  return cached;
}

let codes: Set<string> | undefined;

/** Whether a code is a known ISO 3166-1 alpha-2 country code. */
function isCountryCode(code: string): boolean {
  codes ??= new Set(worldCountries.map((c) => c.cca2));
  return codes.has(code);
}

/** A 400 on the `country` field unless it is empty or a country of the list. */
export function refuseUnknownCountry(country: string | null | undefined): void {
  if (country && !isCountryCode(country)) {
    throw badRequest('Please choose a country from the list.', [
      { path: 'country', message: 'is not a known country code' },
    ]);
  }
}
