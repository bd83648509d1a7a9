import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const server = (name: string, kind: 'pglite' | 'postgres', include: string[], exclude: string[] = []) => ({
  resolve: { alias: viteConfig.resolve?.alias },
  test: {
    name,
    environment: 'node',
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    globalSetup: ['./server/test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
    projects: [
      mergeConfig(viteConfig, {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
        },
      }),
      server(
        'server',
        'pglite',
        ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/**/*.test.ts'],
        ['**/*.pg.test.ts'],
      ),
      ...(process.env.TEST_DATABASE_URL
        ? [server('server-pg', 'postgres', ['server/**/*.{race,fault,pg}.test.ts'])]
        : []),
    ],
  },
});
