import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { codeMigrations, migrate, type Database } from './client';

/*
 * One backup file for either engine (PGlite or PostgreSQL) that restores into either: gzip (node:zlib)
 * around JSON lines. The images are rows of `image_files`, so the file holds the whole shop.
 *
 *   {"format":"sokoni-backup","version":1,"createdAt":…,"engine":…,"migrations":[{"hash","createdAt"}…]}
 *   {"table":"categories","rows":[<row_to_json of each row>…]}       one line per batch, parents first
 *   {"sequences":[{"name":"orders_number_seq","value":1042}…]}
 *   {"end":{"rows":{"categories":12,…}},"sha256":"<hex of every line above, newlines included>"}
 *
 * Rows travel as PostgreSQL's own JSON of them (bytea as "\x…" hex, times with their offset) and come
 * back through json_populate_recordset, so no driver's type parsing stands between the two engines.
 * No archive library: one stream of lines needs none, and `zcat file | head -1` shows the header.
 */

const BACKUP_FORMAT = 'sokoni-backup';
const BACKUP_VERSION = 1;

/** Rows per batch line: image rows carry ~40 KB of hex each, so a batch stays under ~10 MB. */
const BATCH = 200;

interface Migration {
  hash: string;
  createdAt: number;
}

interface Header {
  format: string;
  version: number;
  createdAt: string;
  engine: Database['kind'];
  migrations: Migration[];
}

/** A refusal of a backup or of its target, in a sentence for the operator; nothing was changed. */
export class BackupError extends Error {}

/** One connection: a snapshot needs every query of the dump on the same one. */
interface Session {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements at once (a migration's SQL). */
  exec(text: string): Promise<void>;
  release(): void;
}

async function session(database: Database): Promise<Session> {
  if (database.pool) {
    const client = await database.pool.connect();
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
      exec: async (text) => void (await client.query(text)),
      release: () => client.release(),
    };
  }
  const pglite = database.pglite!;
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    exec: async (text) => void (await pglite.exec(text)),
    release: () => undefined,
  };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The shop's tables, each after the tables its foreign keys point to. */
async function tablesInOrder(s: Session): Promise<string[]> {
  const tables = await s.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const links = await s.query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
       JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name)) return;
    if (path.has(name)) throw new Error(`foreign keys form a cycle through ${name}`);
    path.add(name);
    for (const l of links) if (l.child === name) visit(l.parent, path);
    path.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered;
}

async function primaryKey(s: Session, table: string): Promise<string[]> {
  const rows = await s.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

async function appliedMigrations(s: Session): Promise<Migration[]> {
  const [found] = await s.query<{ exists: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!found?.exists)
    throw new BackupError('This database has no Sokoni schema: there is nothing to back up.');
  const rows = await s.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/**
 * Writes a backup of `database` to `out` from one snapshot (REPEATABLE READ, read only): on
 * PostgreSQL the shop keeps running meanwhile. Answers the rows written per table.
 */
export async function writeBackup(
  database: Database,
  out: Writable,
  { now = new Date() }: { now?: Date } = {},
): Promise<Record<string, number>> {
  const gzip = createGzip();
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve).on('close', resolve).on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  const hash = createHash('sha256');
  const write = async (line: string) => {
    const bytes = `${line}\n`;
    hash.update(bytes);
    if (!gzip.write(bytes)) await new Promise((r) => gzip.once('drain', r));
  };
  const counts: Record<string, number> = {};
  const s = await session(database);
  try {
    await s.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // Times in the rows' JSON then read the same whichever server wrote them.
    await s.exec(`SET LOCAL TimeZone = 'UTC'`);
    const header: Header = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      engine: database.kind,
      migrations: await appliedMigrations(s),
    };
    await write(JSON.stringify(header));
    for (const table of await tablesInOrder(s)) {
      counts[table] = 0;
      const key = await primaryKey(s, table);
      const order = key.length ? key.map(ident).join(', ') : '1';
      await s.exec(
        `DECLARE dump NO SCROLL CURSOR FOR
           SELECT row_to_json(t)::text AS r FROM public.${ident(table)} t ORDER BY ${order}`,
      );
      for (;;) {
        const rows = await s.query<{ r: string }>(`FETCH ${BATCH} FROM dump`);
        if (rows.length === 0) break;
        counts[table] += rows.length;
        await write(`{"table":${JSON.stringify(table)},"rows":[${rows.map((r) => r.r).join(',')}]}`);
      }
      await s.exec('CLOSE dump');
    }
    const sequences = await s.query<{ name: string; value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'
        ORDER BY sequencename`,
    );
    await write(JSON.stringify({ sequences: sequences.map((q) => ({ name: q.name, value: q.value })) }));
    await s.exec('COMMIT');
  } catch (err) {
    await s.exec('ROLLBACK').catch(() => undefined);
    gzip.destroy();
    throw err;
  } finally {
    s.release();
  }
  // The trailer is not part of what its checksum covers.
  gzip.end(`${JSON.stringify({ end: { rows: counts }, sha256: hash.digest('hex') })}\n`);
  await finished;
  return counts;
}

type Line =
  | { table: string; rows: unknown[] }
  | { sequences: { name: string; value: string | null }[] }
  | { end: { rows: Record<string, number> }; sha256: string };

/** Reads a backup's lines; a damaged or cut file is a BackupError. */
async function* lines(file: string): AsyncGenerator<string> {
  const raw = createReadStream(file);
  const input = raw.pipe(createGunzip());
  raw.on('error', (err) => input.destroy(err));
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) yield line;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    throw new BackupError(
      `${file} is damaged or incomplete (${(err as Error).message}): it cannot be restored; take another backup or use an older one.`,
    );
  } finally {
    input.destroy();
  }
}

/** What a checked backup holds. */
export interface CheckedBackup {
  header: Header;
  rows: Record<string, number>;
}

/**
 * Reads the whole file and checks it before anything is touched: a Sokoni backup, a format version
 * this code reads, an intact checksum, and a schema no newer than this code's migrations.
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const hash = createHash('sha256');
  let header: Header | undefined;
  let last: string | undefined;
  const damaged = (why: string) =>
    new BackupError(`${file} is damaged or incomplete (${why}): it cannot be restored.`);
  for await (const line of lines(file)) {
    if (last !== undefined) hash.update(`${last}\n`);
    last = line;
    if (header) continue;
    try {
      header = JSON.parse(line) as Header;
    } catch {
      header = undefined;
    }
    if (header?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Sokoni backup.`);
    if (header.version > BACKUP_VERSION) {
      throw new BackupError(
        `${file} was written in backup format ${header.version}, newer than this version of Sokoni reads (${BACKUP_VERSION}): restore it with the version that wrote it, or a newer one.`,
      );
    }
  }
  if (!header || last === undefined) throw damaged('it is empty');
  let trailer: Extract<Line, { end: unknown }>;
  try {
    trailer = JSON.parse(last) as typeof trailer;
  } catch {
    throw damaged('its last line is cut');
  }
  if (!trailer.end) throw damaged('its end is missing');
  if (trailer.sha256 !== hash.digest('hex')) throw damaged('its checksum does not match its content');
  const code = codeMigrations();
  const differs = header.migrations.some((m, i) => code[i]?.folderMillis !== m.createdAt);
  if (differs) {
    throw new BackupError(
      `${file} comes from a newer or different version of Sokoni (its schema has ${header.migrations.length} migrations, this code's ${code.length}, and they differ): restore it with the version that made it, or a newer one.`,
    );
  }
  return { header, rows: trailer.end.rows };
}

/** Why `database` may not be restored into, or null when it is empty. */
async function whyNotEmpty(s: Session): Promise<string | null> {
  const [row] = await s.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  return row!.n > 0 ? `it already holds ${row!.n} tables, views or sequences` : null;
}

/**
 * Restores a checked backup into an empty database in one transaction: the schema up to the
 * backup's migration, its rows (the tables' own triggers off, so no derived row is counted twice),
 * its sequences; then the migrations this code has beyond it. A non-empty target is refused and
 * left as it was.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  checked: CheckedBackup,
  { target }: { target: string },
): Promise<void> {
  const s = await session(database);
  try {
    const why = await whyNotEmpty(s);
    if (why) {
      throw new BackupError(
        `${target} is not empty (${why}): restore only into an empty database or data directory, so nothing is overwritten.`,
      );
    }
    await s.exec('BEGIN');
    // What drizzle's migrator does, inside this transaction and stopping at the backup's level, so a
    // failed restore leaves nothing behind.
    await s.exec(`CREATE SCHEMA drizzle;
      CREATE TABLE drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    for (const m of codeMigrations().slice(0, checked.header.migrations.length)) {
      for (const statement of m.sql) await s.exec(statement);
      await s.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        m.hash,
        m.folderMillis,
      ]);
    }
    // Migrations may have written rows (the delivery areas): the backup's rows replace them, with the
    // tables' own triggers off so nothing derived from the rows is written twice.
    const tables = await tablesInOrder(s);
    const columns = new Map<string, string>();
    for (const table of tables) {
      const names = await s.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
           AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [`public.${ident(table)}`],
      );
      columns.set(table, names.map((n) => ident(n.name)).join(', '));
      await s.exec(`ALTER TABLE public.${ident(table)} DISABLE TRIGGER USER`);
    }
    if (tables.length) await s.exec(`TRUNCATE ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);
    let first = true;
    for await (const text of lines(file)) {
      if (first) {
        first = false;
        continue;
      }
      const line = JSON.parse(text) as Line;
      if ('table' in line) {
        const table = `public.${ident(line.table)}`;
        const list = columns.get(line.table);
        if (list === undefined)
          throw new BackupError(`${file} holds a table this schema lacks: ${line.table}.`);
        await s.query(
          `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
             SELECT ${list} FROM json_populate_recordset(null::${table}, $1::json)`,
          [JSON.stringify(line.rows)],
        );
      } else if ('sequences' in line) {
        for (const q of line.sequences) {
          if (q.value !== null) {
            await s.query('SELECT setval($1::regclass, $2::bigint)', [`public.${ident(q.name)}`, q.value]);
          }
        }
      }
    }
    for (const table of columns.keys())
      await s.exec(`ALTER TABLE public.${ident(table)} ENABLE TRIGGER USER`);
    await s.exec('COMMIT');
  } catch (err) {
    await s.exec('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    s.release();
  }
  await migrate(database);
}
