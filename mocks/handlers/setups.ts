import { http, HttpResponse } from 'msw';
import { envelope } from '../../contract/common';
import { CountryList, type Country } from '../../contract/setups';

/*
 * GET /api/v1/setups/{name}: `countries` from the same data set as the server (world-countries),
 * mapped and sorted as server/lib/countries.ts does (mocks may not import server/). The list loads on
 * the first request, so mock mode does not carry it until a form asks.
 */

const FIRST = 'KE';

/** The dialling code: the root plus the suffix when there is exactly one (`+254`), else the root. */
function dialling({ root, suffixes }: { root: string; suffixes: string[] }): string | null {
  if (!root) return null;
  return suffixes.length === 1 ? `${root}${suffixes[0]}` : root;
}

let cached: Promise<Country[]> | undefined;

/** Every country with flag, common name, cca2 and dialling code: Kenya first, then by name. */
function mockCountries(): Promise<Country[]> {
  cached ??= import('world-countries').then(({ default: all }) =>
    all
      .map((c) => ({ cca2: c.cca2, name: { common: c.name.common }, flag: c.flag, idd: dialling(c.idd) }))
      .sort((a, b) =>
        a.cca2 === FIRST ? -1 : b.cca2 === FIRST ? 1 : a.name.common.localeCompare(b.name.common, 'en'),
      ),
  );
  return cached;
}

/** Whether a code is a country of the list (the server's `isCountryCode`). */
export async function isMockCountryCode(code: string): Promise<boolean> {
  return (await mockCountries()).some((c) => c.cca2 === code);
}

const CountriesBody = envelope(CountryList);

export const setupsHandlers = [
  // Other setup lists (other features' handlers) fall through; the catch-all answers unknown ones.
  http.get('*/api/v1/setups/:name', async ({ params }) => {
    if (params.name !== 'countries') return undefined;
    const data = CountriesBody.parse({ data: await mockCountries() });
    return HttpResponse.json(data, { headers: { 'Cache-Control': 'public, max-age=86400' } });
  }),
];
