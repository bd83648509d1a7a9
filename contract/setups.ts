import { z } from 'zod';

export const Country = z
  .object({
    /** ISO 3166-1 alpha-2 code, what profile forms send as `country`. */
    cca2: z.string().length(2),
    name: z.object({ common: z.string() }),
    /** The flag emoji. */
    flag: z.string(),
    /** The international dialling code, e.g. `+254`; null where there is none. */
    idd: z.string().nullable(),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof Country>;

/** Kenya first, then alphabetical by common name. */
export const CountryList = z.array(Country).meta({ id: 'CountryList' });
