// A live Playwright project's server: the built SPA and the built server (dist-server/, as
// `npm start` runs it) over a fresh PGlite database (migrated and seeded on start), so every run
// begins clean. The build starts a new database from the empty one beside it instead of running
// initdb, and loads no TypeScript: it answers in about half the time of the server run from its
// sources with tsx (4.5 s against 9 s here), and Playwright starts one such server per live project
// before the first test. The database lives in .tmp/e2e-live-<port>, removed when the server stops
// (playwright.config.ts stops it with SIGTERM) and again at the next start, should a run have been
// killed outright.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isStale, SERVER_DIR } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const build = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// The SPA and its server renderer (dist-ssr/, vite.config.ts) come from one `vite build`; each
// build is made again when missing or older than its sources, so a spec never runs old code
// (`npm test` has just built both; the second live server finds what the first built).
if (
  !existsSync(path.join(root, 'dist-ssr/entry-server.js')) ||
  isStale(path.join(root, 'dist/index.html'), ['src', 'contract', 'public', 'index.html'])
) {
  build([path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
}
const serverEntry = path.join(SERVER_DIR, 'index.js');
if (isStale(serverEntry)) build([path.join(root, 'scripts/build-server.mjs')]);
const port = process.env.E2E_LIVE_PORT ?? '3100';
const dataDir = path.join(root, '.tmp', `e2e-live-${port}`);
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
cleanup();
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STATIC_DIR: path.join(root, 'dist'),
    LOG_LEVEL: 'warn',
    MPESA_SIMULATOR_DELAY_MS: process.env.MPESA_SIMULATOR_DELAY_MS ?? '500',
    SMS_SIMULATOR_DELAY_MS: process.env.SMS_SIMULATOR_DELAY_MS ?? '300',
    // The specs pay from the same few simulator phones, and a retried spec prompts them again
    // within the minute; the limit itself is proven in server/security/stock-hoarding.test.ts.
    PROMPTS_PER_PHONE_PER_MINUTE: '20',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
