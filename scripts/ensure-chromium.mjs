// The Playwright suites use the system Chromium (no browser download here). Installs Debian's
// chromium when it is missing and we may (root with apt-get), otherwise says what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => existsSync(p));
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (hasApt && process.getuid?.() === 0) {
  console.log('Chromium is missing; installing Debian’s chromium package…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  process.exit(existsSync('/usr/bin/chromium') ? 0 : 1);
}
console.error(
  'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
    'or set CHROMIUM_PATH to a Chromium/Chrome binary.',
);
process.exit(1);
