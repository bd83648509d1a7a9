// `npm run seed:large -- --products 10000`: adds generated products to the configured database
// (DATABASE_URL, else the PGlite data in DATA_DIR), for benchmarks and for trying the shop at scale.
// With PGlite, stop the server first: only one process can open a data directory.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/client';
import { seed } from '../server/db/seed';
import { MAX_LARGE_PRODUCTS, seedLarge } from '../server/db/seed/large';
import { EnvError } from '../server/env';
import { databaseEnv, DatabaseInUseError, openConfiguredDatabase } from './lib/open-database';

export const USAGE = `Usage: npm run seed:large -- --products <n> [--random-seed <n>]

Adds <n> generated products (1 to ${MAX_LARGE_PRODUCTS.toLocaleString('en')}) built from the sample catalogue,
reusing its categories, images and current discounts.`;

export class UsageError extends Error {}

export interface SeedLargeArgs {
  products: number;
  randomSeed?: number;
}

/** Reads and checks the command line; throws a UsageError with a message fit for people. */
export function parseSeedLargeArgs(argv: string[]): SeedLargeArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { products: { type: 'string' }, 'random-seed': { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) throw new UsageError('');
  if (values.products === undefined) throw new UsageError('--products is required.');
  const products = wholeNumber(values.products);
  if (products === undefined || products < 1 || products > MAX_LARGE_PRODUCTS) {
    throw new UsageError(
      `--products must be a whole number from 1 to ${MAX_LARGE_PRODUCTS.toLocaleString('en')} (got "${values.products}").`,
    );
  }
  let randomSeed: number | undefined;
  if (values['random-seed'] !== undefined) {
    randomSeed = wholeNumber(values['random-seed']);
    if (randomSeed === undefined || randomSeed > 0xffffffff) {
      throw new UsageError(
        `--random-seed must be a whole number from 0 to 4294967295 (got "${values['random-seed']}").`,
      );
    }
  }
  return { products, randomSeed };
}

/** A non-negative whole number, allowing `10_000` and `10,000`; undefined for anything else. */
function wholeNumber(text: string) {
  const digits = text.trim().replace(/[_,]/g, '');
  return /^\d{1,10}$/.test(digits) ? Number(digits) : undefined;
}

/** Runs the command; resolves to the process exit code. */
export async function main(
  argv: string[],
  source: Record<string, string | undefined> = process.env,
): Promise<number> {
  let args: SeedLargeArgs;
  try {
    args = parseSeedLargeArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) console.error(`Error: ${err.message}\n`);
    console.error(USAGE);
    return err.message ? 1 : 0;
  }
  const started = performance.now();
  let database: Database;
  try {
    database = await openConfiguredDatabase(databaseEnv(source));
  } catch (err) {
    if (err instanceof EnvError || err instanceof DatabaseInUseError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    // The generator borrows from the sample catalogue: load it into an empty database first, with
    // the demo accounts outside production, as the server would.
    if ((await seed(database.db, { demoAccounts: source.NODE_ENV !== 'production' })).seeded) {
      console.log('Loaded the sample catalogue first.');
    }
    console.log(`Adding ${args.products.toLocaleString('en')} products…`);
    const r = await seedLarge(database.db, { products: args.products, randomSeed: args.randomSeed });
    console.log(
      `Added ${r.inserted.toLocaleString('en')} products (${r.firstPid} … ${r.lastPid}) with ` +
        `${r.variants.toLocaleString('en')} variants in ${(r.ms / 1000).toFixed(1)} s: ` +
        `${r.onSale.toLocaleString('en')} on sale, ${r.outOfStock.toLocaleString('en')} out of stock.`,
    );
  } finally {
    await database.close();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind}).`);
  return 0;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
