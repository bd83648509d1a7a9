import type { Db } from '../client';

export interface SeedOptions {
  /** Also create the demo admin and demo shopper (never in production). */
  demoAccounts: boolean;
}

/** Loads the sample catalogue into an empty database; does nothing when products exist. */
export async function seed(_db: Db, _options: SeedOptions): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
