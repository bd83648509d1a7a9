/**
 * `npm run bench`: every benchmark, one after the other (they share the machine, so never at once),
 * each in its own process. A benchmark that misses its budget (exit 1) does not stop the others;
 * the run exits 1 when any missed or failed. Extra arguments name the ones to run:
 *
 *   npm run bench                  search, products, api, cart, dashboard, web
 *   npm run bench -- products cart
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ALL = ['search', 'products', 'api', 'cart', 'dashboard', 'web'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(ALL as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${ALL.join(', ')}.`);
  process.exit(2);
}
const chosen = asked.length ? ALL.filter((b) => asked.includes(b)) : ALL;

const outcomes: { name: string; code: number | null; seconds: number }[] = [];
for (const name of chosen) {
  console.log(`\n== bench:${name} ==`);
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${name}.ts`)], {
    stdio: 'inherit',
  });
  outcomes.push({ name, code: r.status, seconds: Math.round((performance.now() - started) / 1000) });
}

console.log('\n== summary (figures in bench/results/) ==');
for (const o of outcomes) {
  const what = o.code === 0 ? 'within budget' : o.code === 1 ? 'BUDGET MISSED or failed' : `exited ${o.code}`;
  console.log(`${o.name.padEnd(9)} ${what} (${o.seconds} s)`);
}
if (outcomes.some((o) => o.code !== 0)) process.exitCode = 1;
