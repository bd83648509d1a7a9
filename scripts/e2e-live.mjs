// The `live` Playwright project's server: the built SPA and the real API over a fresh PGlite
// database in a temporary directory (migrated and seeded on start), so every run begins clean.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist/index.html'))) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: process.env.E2E_LIVE_PORT ?? '3100',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STATIC_DIR: path.join(root, 'dist'),
    LOG_LEVEL: 'warn',
    MPESA_SIMULATOR_DELAY_MS: process.env.MPESA_SIMULATOR_DELAY_MS ?? '500',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
