import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { storefrontFiles } from './vite-storefront-files';

describe('the files the service worker keeps', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      src: 'index.html',
      isEntry: true,
      css: ['assets/styles-a.css'],
      imports: ['_shared-a.js'],
      dynamicImports: ['src/routes/cart.tsx?tsr-split=component', 'src/routes/admin/orders.tsx'],
    },
    '_shared-a.js': { file: 'assets/shared-a.js' },
    'src/routes/cart.tsx?tsr-split=component': {
      file: 'assets/cart-a.js',
      src: 'src/routes/cart.tsx?tsr-split=component',
      isDynamicEntry: true,
      imports: ['_shared-a.js'],
      assets: ['assets/font-a.woff2'],
    },
    'src/routes/admin/orders.tsx': {
      file: 'assets/orders-a.js',
      src: 'src/routes/admin/orders.tsx',
      isDynamicEntry: true,
      imports: ['_chart-a.js', '_shared-a.js'],
    },
    '_chart-a.js': { file: 'assets/chart-a.js' },
    'src/features/admin-import/csv.ts': {
      file: 'assets/csv-a.js',
      src: 'src/features/admin-import/csv.ts',
      isDynamicEntry: true,
    },
  };

  it('keeps the entry, the storefront’s lazy pages and what they use, with their styles and fonts', () => {
    expect([...storefrontFiles(manifest)].sort()).toEqual([
      'assets/cart-a.js',
      'assets/font-a.woff2',
      'assets/index-a.js',
      'assets/shared-a.js',
      'assets/styles-a.css',
    ]);
  });

  it('leaves out the back office’s pages and what only they use', () => {
    const kept = storefrontFiles(manifest);
    expect(kept.has('assets/orders-a.js')).toBe(false);
    expect(kept.has('assets/chart-a.js')).toBe(false);
    expect(kept.has('assets/csv-a.js')).toBe(false);
  });
});
