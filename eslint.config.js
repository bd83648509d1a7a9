import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** GUIDE §2 boundaries: which folder may not import which. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const SERVER = [['**/server/**', '../server', '../../server'], 'Only contract/ is shared with the server.'];
const SRC = [['@/*', '**/src/**'], 'The server and contract never import the SPA.'];
const MOCKS = [['@mocks/*', '**/mocks/**'], 'Only tests and mock mode load the mocks.'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      '.tmp/**',
      'data/**',
      'src/routeTree.gen.ts',
      '**/mockServiceWorker.js',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery, '@tanstack/router': pluginRouter },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      ...pluginRouter.configs.recommended.rules,
    },
  },
  { files: ['scripts/**', 'bench/**', 'e2e/**'], rules: { 'no-console': 'off' } },
  { files: ['contract/**/*.ts'], rules: forbid(SERVER, SRC, MOCKS) },
  { files: ['server/**/*.ts'], rules: forbid(SRC, MOCKS) },
  {
    // Production server code never loads test scaffolding or the dev tools; app.ts and index.ts mount
    // and close the dev tools outside production.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**', 'server/dev/**', 'server/app.ts', 'server/index.ts'],
    rules: forbid(SRC, MOCKS, [['**/test/*', '**/test/**', '**/dev/*'], 'Production code never imports server/test or server/dev.']),
  },
  { files: ['mocks/**/*.ts'], rules: forbid(SERVER, [['@/*', '**/src/**'], 'Mocks speak the contract, not the SPA.']) },
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/main.tsx'], rules: forbid(SERVER, MOCKS) },
  { files: ['src/**/*.test.{ts,tsx}', 'src/test/**'], rules: forbid(SERVER) },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: forbid(SERVER, MOCKS, [['@/features/*', '@/routes/*'], 'Shared code knows no feature.']),
  },
);
