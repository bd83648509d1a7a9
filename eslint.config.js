import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/** Which folder may not import which (docs/design.md#boundaries). */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
// The common-passwords list (@zxcvbn-ts, ~400 kB) is for the server only, never the storefront's bundle.
const SERVER = [
  ['**/server/**', '../server', '../../server', '@zxcvbn-ts/*'],
  'Only contract/ is shared with the server; server-only packages stay there.',
];
const SRC = [['@/*', '**/src/**'], 'The server and contract never import the SPA.'];
const MOCKS = [['@mocks/*', '**/mocks/**'], 'Only tests and mock mode load the mocks.'];
const HEAVY_CONTRACT = [
  ['@contract/icons', '@contract/recipe-tips', '**/contract/icons', '**/contract/recipe-tips'],
  'The icon set and sanitize-html are for the server and the mocks: the SPA draws Category.iconPath and sanitises with DOMPurify.',
];

/*
 * A feature's index.ts is its public face (docs/design.md#boundaries). Outside the feature, import it only as
 * `@/features/<name>`; inside, import its own files by relative path (never through its index, which
 * would be a cycle). One block per feature, since a relative path out of a feature names the other.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const INTERNALS = [
  ['@/features/*/**', '**/features/*/**'],
  'Import a feature only by its index: @/features/<name>.',
];
const featureBoundaries = (feature) => [
  [
    [
      '@/features/*/**',
      `!@/features/${feature}/**`,
      ...FEATURES.filter((other) => other !== feature).flatMap((other) => [
        `../**/${other}`,
        `../**/${other}/**`,
      ]),
    ],
    'Import another feature only by its index: @/features/<name>.',
  ],
  [
    [`@/features/${feature}`, `@/features/${feature}/**`],
    'Inside a feature, import its own files by relative path.',
  ],
];
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/test/**'];

/** The storefront's screens (the back office, under admin, stays in English). */
const SHOPPER_UI = [
  'src/features/language/**/*.tsx',
  'src/app/layout/**/*.tsx',
  'src/app/app-error-boundary.tsx',
  'src/components/empty-panel.tsx',
  'src/components/list-pager.tsx',
  'src/components/app-dialog.tsx',
  'src/components/layout/**/*.tsx',
  'src/features/catalogue/**/*.tsx',
  'src/features/search/**/*.tsx',
  'src/features/saved-items/**/*.tsx',
  'src/routes/index.tsx',
  'src/routes/search.tsx',
  'src/routes/__root.tsx',
  'src/routes/view/**/*.tsx',
  'src/routes/_signed-in/saved-items.tsx',
  // The shopper's sign-in flow; the admin sign-in and the staff invitation (back office) stay English.
  'src/features/auth/components/{auth-card,code-input,complete-profile-panel,credentials-panel,link-dead-end,profile-form,sign-in-flow,verify-code-panel}.tsx',
  'src/features/account/**/*.tsx',
  'src/features/help/**/*.tsx',
  'src/components/{phone-fields,password-input,password-strength-hint,submit-button}.tsx',
  'src/routes/_guest/auth/**/*.tsx',
  'src/routes/_signed-in/profile.tsx',
  'src/routes/_customer/account/{index,dashboard}.tsx',
  'src/routes/more.tsx',
  'src/features/cart/**/*.tsx',
  'src/routes/cart.tsx',
  'src/features/checkout/**/*.tsx',
  'src/routes/_signed-in/checkout.tsx',
  'src/components/mpesa-phone-field.tsx',
  'src/features/orders/**/*.tsx',
  'src/routes/_customer/account/orders/**/*.tsx',
];

/*
 * The same for the server (docs/architecture.md#server-modules): a module's index.ts is its public face.
 * Other modules, the jobs and server/app.ts import `../<name>` or `./modules/<name>`, never a file inside;
 * a module never imports its own index, the jobs (they depend on the modules), server/app.ts or
 * server/env.ts (its configuration comes in through Deps). Tests and server/test may reach inside.
 */
const MODULES = readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_TESTS = ['server/**/*.test.ts', 'server/test/**'];
const TEST_AND_DEV = [
  ['**/test/*', '**/test/**', '**/dev/*'],
  'Production code never imports server/test or server/dev.',
];
const MODULE_INTERNALS = [['**/modules/*/**'], 'Import a server module only by its index: modules/<name>.'];
const moduleBoundaries = (module) => [
  [
    MODULES.filter((other) => other !== module).flatMap((other) => [
      `../${other}/**`,
      `**/modules/${other}/**`,
    ]),
    'Import another server module only by its index: ../<name>.',
  ],
  [
    [`../${module}`, `../${module}/**`, './index'],
    'Inside a server module, import its own files by relative path.',
  ],
  [
    ['**/jobs', '**/jobs/**', '**/app', '**/env'],
    'A server module knows neither the jobs nor the wiring: configuration comes in through Deps.',
  ],
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-ssr/**',
      'dist-server/**',
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
    ignores: [...SERVER_TESTS, 'server/dev/**', 'server/app.ts', 'server/index.ts'],
    rules: forbid(SRC, MOCKS, TEST_AND_DEV, MODULE_INTERNALS),
  },
  {
    files: ['server/app.ts', 'server/index.ts', 'server/dev/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: forbid(SRC, MOCKS, MODULE_INTERNALS),
  },
  {
    files: ['server/lib/**/*.ts', 'server/db/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: forbid(SRC, MOCKS, TEST_AND_DEV, [
      ['**/modules', '**/modules/**', '**/jobs/**'],
      'Shared server code knows no module and no job.',
    ]),
  },
  ...MODULES.map((module) => ({
    files: [`server/modules/${module}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: forbid(SRC, MOCKS, TEST_AND_DEV, ...moduleBoundaries(module)),
  })),
  {
    files: ['mocks/**/*.ts'],
    rules: forbid(SERVER, [['@/*', '**/src/**'], 'Mocks speak the contract, not the SPA.']),
  },
  // Each src file gets one of the blocks below (a later block's options replace an earlier one's).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/main.tsx'],
    rules: forbid(SERVER, MOCKS, HEAVY_CONTRACT, INTERNALS),
  },
  { files: [...TESTS, 'src/main.tsx'], rules: forbid(SERVER, INTERNALS) },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: forbid(SERVER, MOCKS, HEAVY_CONTRACT, [
      ['@/features', '@/features/*', '@/routes/*', '**/features/**', '**/routes/**'],
      'Shared code knows no feature.',
    ]),
  },
  ...FEATURES.flatMap((feature) => [
    {
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      ignores: TESTS,
      rules: forbid(SERVER, MOCKS, HEAVY_CONTRACT, ...featureBoundaries(feature)),
    },
    {
      files: [`src/features/${feature}/**/*.test.{ts,tsx}`],
      rules: forbid(SERVER, ...featureBoundaries(feature)),
    },
  ]),
  {
    // Shopper-facing text comes from the catalogues (src/locales), so every screen exists in English
    // and Kiswahili: a literal text or label in the storefront's JSX is an error. The back office
    // stays in English.
    files: SHOPPER_UI,
    ignores: TESTS,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'placeholder',
              'title',
              'alt',
              'label',
              'helperText',
              'description',
            ],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·—–×…]+', 'KSH', 'M-Pesa', 'Sokoni'] },
          message: 'Shopper-facing text belongs in the catalogues (src/locales): use t().',
        },
      ],
    },
  },
  {
    // Cycles in the SPA, followed through the `@/` alias (resolved from tsconfig.json's paths), and in
    // the server, where they are followed through the modules' indexes.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
