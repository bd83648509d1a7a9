// `npm start`: builds the storefront when it is missing or older than its sources, then runs the server.
// It exits as the server did: its exit code, or 128 + the signal's number when a signal ended it.
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runChild } from './lib/run-child.mjs';

const root = path.resolve(import.meta.dirname, '..');
const staticDir = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const built = path.join(staticDir, 'index.html');
// The server renderer of the same build (vite.config.ts `ssrOutDir`).
const renderer = path.join(`${staticDir}-ssr`, 'entry-server.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['src', 'contract', 'public', 'index.html'].map((p) => path.join(root, p)).filter(existsSync);
const sourceTime = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)),
);
if (!existsSync(built) || !existsSync(renderer) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the storefront…');
  const status = await runChild(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', staticDir],
    { cwd: root, stdio: 'inherit' },
  );
  if (status !== 0) process.exit(status);
}

process.exit(
  await runChild(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: staticDir },
  }),
);
