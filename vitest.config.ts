import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const server = (name: string, kind: 'pglite' | 'postgres') => ({
  resolve: { alias: viteConfig.resolve?.alias },
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['./server/test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

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
      server('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres')] : []),
    ],
  },
});
