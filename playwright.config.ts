import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 5174);
const LIVE_PORT = Number(process.env.E2E_LIVE_PORT ?? 3100);

const use = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/**
 * Two projects: `live` (the built SPA with the real server on a fresh PGlite) and `mocked` (the SPA
 * on MSW, as `npm run dev:mock`). Each spec runs where it proves something the other does not, since
 * on two cores the suite's time is the sum of what runs:
 * - in both: the shopper's journeys (storefront, search, sign-in, checkout) and the shell, which a
 *   developer relies on in mock mode as much as shoppers do on the real server;
 * - `live` only: what only the real server has (its security policy, its rendered pages, the
 *   production bundle), and the back office's journeys, whose mocks the component tests (the same
 *   MSW handlers, in jsdom) and the mock/server parity test already prove;
 * - `mocked` only: the accessibility walk of every page, storefront and back office, and the
 *   measured layout of the admin lists. The DOM is the same SPA in both projects, and these are the
 *   slowest checks of the suite, so they run once, where their tests can go to either worker (the
 *   live project runs one file at a time, so its total is the run's floor).
 */
const LIVE_ONLY = [
  'admin',
  'admin-discounts',
  'admin-orders',
  'csp',
  'customers',
  'deliveries',
  'first-load',
  'invitations',
  'roles',
  'ssr',
].map((name) => `${name}.spec.ts`);
const MOCKED_ONLY = ['a11y.spec.ts', 'admin-lists.spec.ts'];
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two at a time, one file per worker: a `mocked` file (the SPA on MSW, every page its own
  // in-memory shop) runs beside another file of either project, while `live`, whose specs share one
  // server and database, runs one file at a time (its own `workers: 1`).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous for a two-core machine running two browsers beside the servers: a mocked page's first
  // load waits for MSW's service worker, which there can take seconds. A passing step is not slowed.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: '.tmp/results/playwright.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  // `live` first: the runner hands out files in this order and skips a project at its worker limit,
  // so one worker works through `live` from the start while the other takes `mocked` tests, and the
  // two finish together instead of `live` running alone after `mocked`.
  projects: [
    {
      name: 'live',
      workers: 1,
      testIgnore: MOCKED_ONLY,
      use: { ...use, baseURL: `http://127.0.0.1:${LIVE_PORT}` },
    },
    // Each mocked page is its own shop (MSW in that page, its storage in that test's context), so its
    // tests can go to either worker one by one, and a long file does not end the run alone.
    {
      name: 'mocked',
      fullyParallel: true,
      testIgnore: LIVE_ONLY,
      use: { ...use, baseURL: `http://127.0.0.1:${MOCK_PORT}` },
    },
  ],
  webServer: [
    {
      // The mock-mode app built and previewed, not the dev server: a page then loads a few bundled
      // chunks instead of hundreds of modules, which on two shared cores is seconds per page.
      command: `node node_modules/vite/bin/vite.js build --mode mock --outDir .tmp/mock-dist --emptyOutDir --sourcemap false --logLevel warn && node node_modules/vite/bin/vite.js preview --mode mock --outDir .tmp/mock-dist --port ${MOCK_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${MOCK_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: 'node scripts/e2e-live.mjs',
      url: `http://127.0.0.1:${LIVE_PORT}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { E2E_LIVE_PORT: String(LIVE_PORT) },
      // Not a SIGKILL (Playwright's default): the server stops cleanly and the script then removes
      // its database directory, so a run leaves nothing behind.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
