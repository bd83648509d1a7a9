// The server and the operator commands as plain JavaScript in `dist-server/`, run with `node` in
// production (`npm run build` runs this after the storefront; `npm start` and scripts/command.mjs run
// it when the build is missing or older than its sources), with the migrations and an empty embedded
// database beside them.
//
// esbuild, as tsx already runs the sources through it in development: one fast step (under a second
// here), and with `packages: 'external'` it bundles only our own code while every package is loaded
// from node_modules as usual.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_DIR = path.join(root, 'dist-server');

/** `dist-server/<name>.js` ← its source: the server and each operator command, one line each. */
const ENTRY_POINTS = {
  index: 'server/index.ts',
  migrate: 'scripts/migrate.ts',
  'admin-create': 'scripts/admin-create.ts',
  'seed-large': 'scripts/seed-large.ts',
  'mpesa-check': 'scripts/mpesa-check.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};

/** What the build is made from: a change in any of them makes it stale. */
const SOURCES = ['server', 'contract', 'scripts', 'package.json'];

function newest(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = 0;
  for (const e of readdirSync(file)) t = Math.max(t, newest(path.join(file, e)));
  return t;
}

/**
 * Whether `output` is missing or older than any of `sources` (paths in the project). Without the
 * server's sources (a production image keeps only the build) a build that is there is never stale.
 */
export function isStale(output, sources = SOURCES) {
  if (!existsSync(output)) return true;
  if (!existsSync(path.join(root, 'server'))) return false;
  const times = sources
    .map((p) => path.join(root, p))
    .filter(existsSync)
    .map(newest);
  return statSync(output).mtimeMs < Math.max(0, ...times);
}

/** The dump of an empty PGlite database, made once per PGlite version (initdb takes seconds). */
async function emptyDatabase() {
  const { version } = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  const file = path.join(root, 'node_modules/.cache/sokoni', `pglite-empty-${version}.tar.gz`);
  if (existsSync(file)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const empty = new PGlite('memory://');
  await empty.waitReady;
  const dump = await empty.dumpDataDir('gzip');
  await empty.close();
  mkdirSync(path.dirname(file), { recursive: true });
  // Written beside and renamed: a parallel build never reads half a file.
  writeFileSync(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.${process.pid}`, file);
  return file;
}

/** Builds every entry into `outdir` (by default dist-server/), replacing what was there. */
export async function buildServer(outdir = SERVER_DIR) {
  // esbuild is a dev dependency: loaded only when a build is asked for.
  const { build } = await import('esbuild').catch(() => {
    throw new Error(
      'The server build is missing or older than its sources, and esbuild (a dev dependency) is not installed: run `npm run build` where it is.',
    );
  });
  // Built beside and then swapped in, so a server started from the old build meanwhile finds it whole.
  const partial = `${outdir}.partial-${process.pid}`;
  await build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    outdir: partial,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Code shared by the entries goes into chunks in the same folder, so `import.meta.url` in any of
    // them still points into the build.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // server/db/client.ts finds its migrations beside itself (`./migrations`): beside the bundle, then.
  cpSync(path.join(root, 'server/db/migrations'), path.join(partial, 'migrations'), { recursive: true });
  // And an empty embedded database, which a new DATA_DIR is created from instead of by initdb at
  // run time (server/db/client.ts, EMPTY_DATABASE): a few seconds here, some 500 MB less there.
  cpSync(await emptyDatabase(), path.join(partial, 'pglite-empty.tar.gz'));
  rmSync(outdir, { recursive: true, force: true });
  renameSync(partial, outdir);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : SERVER_DIR;
  await buildServer(outdir);
  console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'}/`);
}
