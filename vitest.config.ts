import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig, { aliases } from './vite.config.ts';

const server = (name: string, kind: 'pglite' | 'postgres', include: string[], exclude: string[] = []) => ({
  resolve: { alias: aliases },
  test: {
    name,
    environment: 'node',
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    globalSetup: ['./server/test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    // Each file opens its own database; sharing the module graph only saves re-importing the server.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Files that get modules of their own:
 * - component tests that choose from Chakra menus and drawers: zag keeps module state between
 *   selections that makes a later file's choice flaky when files share modules;
 * - the session store's test, which loads the store afresh (`vi.resetModules()`) as the app's start
 *   does: in the shared graph, the files after that reset load fresh copies of modules the earlier
 *   ones still hold (Testing Library, React, the stores), and after the cart control's test the
 *   category page's test found nothing on the screen.
 */
const ISOLATED = [
  'src/features/session/stores/session-store.test.ts',
  'src/app/layout/app-shell.test.tsx',
  'src/features/auth/components/sign-in-flow.test.tsx',
  'src/features/admin/components/admin-layout.test.tsx',
  'src/features/admin-catalogue/components/products-*.test.tsx',
  'src/features/admin-orders/components/order*-page.test.tsx',
  'src/features/admin-discounts/components/discount*.test.tsx',
];

const web = (name: string, include: string[], isolate: boolean, exclude: string[] = []) =>
  mergeConfig(viteConfig, {
    test: {
      name,
      environment: 'jsdom',
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      setupFiles: ['./src/test/setup.ts'],
      // Without isolation every file shares one module graph (src/test/setup.ts resets the mock
      // database, the stores and storage per file and per test): React, Chakra and the router are
      // imported once instead of once per file, which halves the project's time.
      isolate,
      testTimeout: 15_000,
    },
  });

/**
 * The server tests run on PGlite (`server`). With TEST_DATABASE_URL, `server-pg` runs on PostgreSQL
 * only what a real server can prove (docs/architecture.md, Tests): races and faults
 * (`*.race.test.ts`, `*.fault.test.ts`, which run on PGlite too) and the tests of separate
 * connections and instances (`*.pg.test.ts`, PostgreSQL only).
 */
export default defineConfig({
  test: {
    globals: true,
    // A test file on every core. Vitest's default leaves one core to its main process, which mostly
    // waits: on the two cores of CI that is one file at a time (296 s for the suite; 197 s on two).
    maxWorkers: availableParallelism(),
    projects: [
      web('web', ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'], false, ISOLATED),
      // Chakra's menus (zag) keep module state between selections: these files get their own modules.
      web('web-isolated', ISOLATED, true),
      server(
        'server',
        'pglite',
        ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
        ['**/*.pg.test.ts'],
      ),
      ...(process.env.TEST_DATABASE_URL
        ? [server('server-pg', 'postgres', ['server/**/*.{race,fault,pg}.test.ts'])]
        : []),
    ],
  },
});
