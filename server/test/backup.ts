import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { imageFiles } from '../db/schema';

/** What a restore must bring back: per table its row count and a checksum of its rows; every image's bytes. */
export interface ShopFingerprint {
  tables: Record<string, { rows: number; md5: string }>;
  images: string[];
}

/**
 * Fingerprints the shop independently of the backup's own format: each table's rows as PostgreSQL's
 * JSON of them in one order (byte order, the same on both engines), times in UTC; and the SHA-256 of
 * every stored image rendition, read through drizzle.
 */
export async function shopFingerprint(database: Database): Promise<ShopFingerprint> {
  const tables = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    // Both drivers answer `{ rows }`; drizzle's shared type does not say so.
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const names = await rows<{ name: string }>(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const out: ShopFingerprint['tables'] = {};
    for (const { name } of names) {
      const t = sql.identifier(name);
      const [row] = await rows<{ rows: number; md5: string }>(
        sql`SELECT count(*)::int AS rows, coalesce(md5(string_agg(row_to_json(t)::text, E'\n'
              ORDER BY row_to_json(t)::text COLLATE "C")), '') AS md5 FROM ${t} t`,
      );
      out[name] = row!;
    }
    return out;
  });
  const files = await database.db.select().from(imageFiles);
  const images = files
    .map((f) => `${f.imageId}/${f.size} ${createHash('sha256').update(f.bytes).digest('hex')}`)
    .sort();
  return { tables, images };
}

/**
 * Rewrites a backup's lines (as a person editing it would) and, unless told not to, signs the result
 * again with a correct checksum, so only the change itself is what a restore may notice.
 */
export async function editBackup(
  file: string,
  edit: (lines: string[]) => string[],
  { fixChecksum = true }: { fixChecksum?: boolean } = {},
): Promise<void> {
  const lines = gunzipSync(await readFile(file))
    .toString('utf8')
    .trimEnd()
    .split('\n');
  const trailer = JSON.parse(lines.pop()!) as { sha256: string };
  const edited = edit(lines);
  const body = edited.map((l) => `${l}\n`).join('');
  if (fixChecksum) trailer.sha256 = createHash('sha256').update(body).digest('hex');
  await writeFile(file, gzipSync(`${body}${JSON.stringify(trailer)}\n`));
}
