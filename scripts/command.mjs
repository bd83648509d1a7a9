// `npm run migrate`, `npm run admin:create`…: runs an operator command from the server build
// (dist-server/<name>.js, scripts/build-server.mjs), building it first when it is missing or older
// than its sources, so the commands need no TypeScript tooling in production.
// Usage: node scripts/command.mjs <name> [arguments…]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isStale, SERVER_DIR } from './build-server.mjs';
import { runChild } from './lib/run-child.mjs';

const [name, ...args] = process.argv.slice(2);
const file = path.join(SERVER_DIR, `${name}.js`);
if (isStale(file)) {
  // In a child of its own, as esbuild's service process would otherwise stay beside the command.
  const status = await runChild(process.execPath, [path.join(import.meta.dirname, 'build-server.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) process.exit(status);
}
if (!existsSync(file)) {
  console.error(
    `There is no command named ${name} in ${path.relative(process.cwd(), SERVER_DIR)}/ (scripts/build-server.mjs lists them).`,
  );
  process.exit(1);
}
process.exit(await runChild(process.execPath, [file, ...args], { stdio: 'inherit' }));
