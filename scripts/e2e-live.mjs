// The `live` Playwright project's server: the built SPA and the real API over a fresh PGlite
// database (migrated and seeded on start), so every run begins clean. The database lives in
// .tmp/e2e-live-<port>, removed when the server stops (playwright.config.ts stops it with SIGTERM)
// and again at the next start, should a run have been killed outright.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The SPA and its server renderer (dist-ssr/, vite.config.ts) come from one `vite build`.
if (!existsSync(path.join(root, 'dist/index.html')) || !existsSync(path.join(root, 'dist-ssr/entry-server.js'))) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = process.env.E2E_LIVE_PORT ?? '3100';
const dataDir = path.join(root, '.tmp', `e2e-live-${port}`);
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
cleanup();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
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
