// `tsx scripts/openapi-document.ts <file>` (run by `npm run lint:api`): writes the OpenAPI document
// the server serves at /api/openapi.json, development routes included as anywhere outside
// production, for `redocly lint`. No server runs and no query is made: building the app and its
// document only declares routes, so the embedded database is created but never waited for (its
// initdb alone costs seconds).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '../server/app';
import type { Database, Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/lib/logger';

const file = process.argv[2];
if (!file) {
  console.error('Usage: tsx scripts/openapi-document.ts <file.json>');
  process.exit(2);
}

const pglite = new PGlite({ dataDir: 'memory://' });
const database: Database = {
  kind: 'pglite',
  pglite,
  db: drizzle(pglite, { schema }) as unknown as Db,
  ping: async () => false,
  close: () => pglite.close(),
};
const env = parseEnv({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  CATALOGUE_CACHE: 'off',
  // Any folder that exists: nothing is served from it, and a missing one only prints warnings.
  STATIC_DIR: 'public',
});
const app = createApp({ env, database, logger: createLogger('silent') });
const res = await app.request('/api/openapi.json');
if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, await res.text());
// The search index and the Daraja simulator would otherwise wait on the database that never starts.
process.exit(0);
