// `npm run dev`: the API with reload on change (port API_PORT, default 3000) and Vite with hot reload
// on 5173, which proxies /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';
const run = (args, env = {}) =>
  spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const children = [
  run(['--import', 'tsx', '--watch', '--watch-preserve-output', 'server/index.ts'], { PORT: apiPort, NODE_ENV: 'development' }),
  run([path.join(root, 'node_modules/vite/bin/vite.js')], { API_PORT: apiPort }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
