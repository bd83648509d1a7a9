import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * A shop of its own for a spec that deploys: the built storefront copied into a temporary folder and
 * served by the built server (as scripts/e2e-live.mjs serves dist/), so that a "new build" can be
 * put in its place while a page is open, without touching what the other specs are served.
 */

const root = path.resolve(import.meta.dirname, '../..');

export interface OwnShop {
  url: string;
  staticDir: string;
  stop(): Promise<void>;
}

export async function startOwnShop(port: number, name: string): Promise<OwnShop> {
  const base = path.join(root, '.tmp', `${name}-${port}`);
  rmSync(base, { recursive: true, force: true });
  const staticDir = path.join(base, 'dist');
  // The server renderer is found beside the static folder (vite.config.ts `ssrOutDir`).
  cpSync(path.join(root, 'dist'), staticDir, { recursive: true });
  cpSync(path.join(root, 'dist-ssr'), `${staticDir}-ssr`, { recursive: true });
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'dist-server/index.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: path.join(base, 'data'),
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the shop on ${port} exited with ${server.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the shop on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    staticDir,
    stop: () =>
      new Promise<void>((resolve) => {
        server.once('exit', () => {
          rmSync(base, { recursive: true, force: true });
          resolve();
        });
        server.kill('SIGTERM');
      }),
  };
}

/**
 * Deploys a new build of the same code into `staticDir`, as a real deployment does: every hashed
 * script gets a new name (and every file naming it, the service worker's list included, changes
 * with it), and the old files are gone from the server. Answers the old and new names.
 */
export function deployNewBuild(staticDir: string): Map<string, string> {
  const assets = path.join(staticDir, 'assets');
  const renamed = new Map<string, string>();
  for (const file of readdirSync(assets)) {
    const m = /^(.+-[\w-]{8})\.js$/.exec(file);
    if (m) renamed.set(file, `${m[1]}v2.js`);
  }
  const textFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) return textFiles(p);
      return /\.(js|css|html|json|webmanifest)$/.test(f) ? [p] : [];
    });
  const pattern = new RegExp([...renamed.keys()].map((k) => k.replace(/[.-]/g, '\\$&')).join('|'), 'g');
  for (const file of textFiles(staticDir)) {
    const text = readFileSync(file, 'utf8');
    const next = text.replace(pattern, (old) => renamed.get(old)!);
    if (next === text) continue;
    writeFileSync(file, next);
    // A compressed copy beside it would be the old content: the server then sends the new file as is.
    for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
  }
  for (const [oldName, newName] of renamed) {
    const from = path.join(assets, oldName);
    if (!existsSync(from)) continue;
    writeFileSync(path.join(assets, newName), readFileSync(from));
    for (const ext of ['', '.br', '.gz']) rmSync(from + ext, { force: true });
  }
  return renamed;
}
