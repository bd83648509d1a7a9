// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The lint rules that keep features apart (eslint.config.js, docs/design.md#boundaries) fail on what they
 * forbid. Each case lints one import as if it were in the named file (which need not exist).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RESTRICTED = 'no-restricted-imports';
const CYCLE = 'import-x/no-cycle';

/** The boundary rules that fail when `file` imports `source`. */
async function failing(file: string, source: string): Promise<string[]> {
  const code = `import * as probe from '${source}';\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).flatMap((m) =>
    m.ruleId === RESTRICTED || m.ruleId === CYCLE ? [m.ruleId] : [],
  );
}

describe('feature boundaries', { timeout: 30_000 }, () => {
  it("refuse another feature's internals, by alias or by a relative path out of the feature", async () => {
    const file = 'src/features/catalogue/components/probe.tsx';
    expect(await failing(file, '@/features/cart/hooks/use-cart')).toEqual([RESTRICTED]);
    expect(await failing(file, '../../cart/hooks/use-cart')).toEqual([RESTRICTED]);
    expect(await failing(file, '@/features/cart')).toEqual([]);
    expect(await failing(file, '../model/paths')).toEqual([]);
  });

  it('keep a feature off its own index, and routes, the app shell and tests off internals', async () => {
    expect(await failing('src/features/session/probe.ts', '@/features/session')).toEqual([RESTRICTED]);
    for (const file of [
      'src/routes/probe.tsx',
      'src/app/probe.ts',
      'src/test/probe.ts',
      'src/features/cart/probe.test.ts',
    ]) {
      expect(await failing(file, '@/features/session/stores/session-store')).toEqual([RESTRICTED]);
      expect(await failing(file, '@/features/session')).toEqual([]);
    }
    // A test may reach into its own feature.
    expect(await failing('src/features/session/probe.test.ts', './stores/session-store')).toEqual([]);
  });

  it('keep shared code free of features', async () => {
    expect(await failing('src/lib/probe.ts', '@/features/cart')).toEqual([RESTRICTED]);
    expect(await failing('src/components/probe.tsx', '../features/cart')).toEqual([RESTRICTED]);
  });

  it("keep the server's icon set and HTML sanitiser out of the SPA", async () => {
    for (const file of [
      'src/features/admin-taxonomy/components/probe.tsx',
      'src/routes/probe.tsx',
      'src/lib/probe.ts',
    ]) {
      expect(await failing(file, '@contract/icons')).toEqual([RESTRICTED]);
      expect(await failing(file, '@contract/recipe-tips')).toEqual([RESTRICTED]);
      expect(await failing(file, '@contract/admin')).toEqual([]);
    }
  });

  it('refuse an import cycle, followed through the @/ alias and the feature indexes', async () => {
    // The cart's index leads to CartSync, which reads the session: the session importing the cart closes a circle.
    expect(await failing('src/features/session/stores/session-store.ts', '@/features/cart')).toEqual([CYCLE]);
    expect(await failing('src/features/catalogue/model/paths.ts', '../components/product-card')).toEqual([
      CYCLE,
    ]);
  });
});
