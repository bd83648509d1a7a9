import { defineConfig, devices } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 5174);
const LIVE_PORT = Number(process.env.E2E_LIVE_PORT ?? 3100);
const OFFICE_PORT = LIVE_PORT + 1;

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
 * Three projects, each spec in the one where it proves something the others do not, since on two
 * cores the suite's time is the sum of what runs:
 * - `live-shop` and `live-office`: the built SPA with the real server, each on its own server and
 *   fresh PGlite database, so the two run side by side without seeing each other's orders, counts or
 *   sign-ins. `live-shop` has what only the real server has (its security policy, its rendered pages,
 *   the production bundle) and the shopper's journeys and shell; `live-office` the back office's
 *   journeys, whose mocks the component tests (the same MSW handlers, in jsdom) and the mock/server
 *   parity test already prove;
 * - `mocked`: the SPA on MSW, as `npm run dev:mock`: a shopper's way from the shop to a paid order
 *   (the promo code journey: an admin makes a code, a new shopper signs up and pays with it) and the
 *   catalogue import (a CSV's problems, its corrected file, the new products in the shop and search),
 *   so a developer's mock mode is proven in a browser, the accessibility walk of every page, storefront
 *   and back office, and the measured layout of the admin lists (the same SPA as live, and the
 *   slowest checks, so they run once, where their tests can go to either worker). The guest's
 *   storefront (browsing, the cart, sorting, not-found links) runs on `live-shop` alone: over the
 *   mocks, the promo code journey already takes a guest from the landing page through the cart to a
 *   paid order, the guest's accessibility walk opens the same pages, and the mocks' answers are the
 *   component tests' and the parity test's (a second walk cost some 50 s of the two workers' time).
 * Every spec is in one list; a spec in none stops the run here instead of being silently skipped.
 */
const LIVE_SHOP = [
  'auth',
  'checkout',
  'csp',
  'first-load',
  'kiswahili',
  'offline',
  'search',
  'shell',
  'sms',
  'ssr',
  'storefront',
];
const LIVE_OFFICE = [
  'admin',
  'admin-discounts',
  'admin-orders',
  'customers',
  'deliveries',
  'invitations',
  'product-import',
  'promo-codes',
  'roles',
];
const MOCKED = ['a11y', 'admin-lists', 'kiswahili', 'product-import', 'promo-codes'];
const specs = (names: string[]) => names.map((name) => `${name}.spec.ts`);
const unplaced = readdirSync(path.join(import.meta.dirname, 'e2e'))
  .filter((file) => file.endsWith('.spec.ts'))
  .filter((file) => ![...LIVE_SHOP, ...LIVE_OFFICE, ...MOCKED].includes(file.replace('.spec.ts', '')));
if (unplaced.length) throw new Error(`playwright.config.ts: place ${unplaced.join(', ')} in a project`);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two at a time: each live project runs one file at a time (its specs share one server and
  // database, `workers: 1`), and the mocked tests (every page its own in-memory shop) go to
  // whichever worker is free.
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
  // Live first: the runner hands out files in this order and skips a project at its worker limit,
  // so each worker starts on one live project, and the mocked tests, handed out one by one to
  // whichever worker is free, even out the end instead of one live file running alone.
  projects: [
    {
      name: 'live-shop',
      workers: 1,
      testMatch: specs(LIVE_SHOP),
      // The shop's service worker only where a spec asks for it (e2e/offline.spec.ts): elsewhere every
      // request reaches the server and `page.route` sees it, as the specs expect.
      use: { ...use, baseURL: `http://127.0.0.1:${LIVE_PORT}`, serviceWorkers: 'block' as const },
    },
    {
      name: 'live-office',
      workers: 1,
      testMatch: specs(LIVE_OFFICE),
      use: { ...use, baseURL: `http://127.0.0.1:${OFFICE_PORT}`, serviceWorkers: 'block' as const },
    },
    // Each mocked page is its own shop (MSW in that page, its storage in that test's context), so its
    // tests can go to either worker one by one, and a long file does not end the run alone.
    {
      name: 'mocked',
      fullyParallel: true,
      testMatch: specs(MOCKED),
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
    // One real server per live project. Playwright starts them one after the other, so the first
    // builds the SPA when dist/ is missing and the second finds it built.
    ...[LIVE_PORT, OFFICE_PORT].map((port) => ({
      command: 'node scripts/e2e-live.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: { E2E_LIVE_PORT: String(port) },
      // Not a SIGKILL (Playwright's default): the server stops cleanly and the script then removes
      // its database directory, so a run leaves nothing behind.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    })),
  ],
});
