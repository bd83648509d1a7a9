// `npm start`: builds what is missing or older than its sources — the storefront (Vite) and the server
// (scripts/build-server.mjs) — then runs the built server with plain `node`, no TypeScript at run time.
// It exits as the server did: its exit code, or 128 + the signal's number when a signal ended it.
//
// SIGINT, SIGTERM and SIGHUP sent to this process are passed on to the server, which drains and
// exits. package.json runs it as `exec node scripts/start.mjs` so that npm's shell gives its place to
// this process: npm passes SIGTERM on to its child, and a shell in between would die of it and leave
// the server running. A process manager may as well run `node dist-server/index.js` after
// `npm run build` (docs/deploy.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isStale, SERVER_DIR } from './build-server.mjs';
import { runChild } from './lib/run-child.mjs';

const root = path.resolve(import.meta.dirname, '..');
const staticDir = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
// The server renderer of the same build (vite.config.ts `ssrOutDir`).
const renderer = path.join(`${staticDir}-ssr`, 'entry-server.js');
const server = path.join(SERVER_DIR, 'index.js');

if (
  !existsSync(renderer) ||
  isStale(path.join(staticDir, 'index.html'), ['src', 'contract', 'public', 'index.html'])
) {
  console.log('Building the storefront…');
  const status = await runChild(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', staticDir],
    { cwd: root, stdio: 'inherit' },
  );
  if (status !== 0) process.exit(status);
}
if (isStale(server)) {
  console.log('Building the server…');
  // In a child of its own, as esbuild's service process would otherwise stay beside the server.
  const status = await runChild(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status);
}

process.exit(
  await runChild(process.execPath, [server], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: staticDir },
  }),
);
