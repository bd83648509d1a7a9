// The static checks (lint with eslint and knip, the type check, the API document's lint), or the npm
// scripts named on the command line (`npm test` adds the production build), side by side: each is
// one process on one core, so together they take about as long as the slowest instead of the sum.
// Each one's output is printed whole when it ends, so it stays readable.
import { spawn } from 'node:child_process';

// `npm test` names the production build too: one more single-core job, done beside the others.
const CHECKS = process.argv.length > 2 ? process.argv.slice(2) : ['lint', 'typecheck', 'lint:api'];
// On Windows npm is a .cmd script, which Node runs only through a shell.
const windows = process.platform === 'win32';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(windows ? 'npm.cmd' : 'npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: windows,
    });
    let output = '';
    child.on('error', (error) => {
      process.stdout.write(`\n── npm run ${script}: could not start (${error.message})\n`);
      resolve(false);
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n── npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n${output}`,
      );
      resolve(code === 0);
    });
  });

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
