import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The lint rules that keep server modules apart (eslint.config.js, docs/architecture.md#server-modules)
 * fail on what they forbid. Each case lints one import as if it were in the named file, which need
 * not exist (src/test/boundaries.test.ts does the same for the SPA's features).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RESTRICTED = 'no-restricted-imports';
const CYCLE = 'import-x/no-cycle';

/** The boundary rules that fail when `file` imports `source`. */
async function failing(file: string, source: string): Promise<string[]> {
  const code = `import * as probe from '${source}';\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).flatMap((m) => (m.ruleId === RESTRICTED || m.ruleId === CYCLE ? [m.ruleId] : []));
}

describe('server module boundaries', { timeout: 60_000 }, () => {
  it("refuse another module's internals, and take it by its index", async () => {
    const file = 'server/modules/cart/probe.ts';
    expect(await failing(file, '../catalogue/service')).toEqual([RESTRICTED]);
    expect(await failing(file, '../../modules/catalogue/cache')).toEqual([RESTRICTED]);
    expect(await failing(file, '../catalogue')).toEqual([]);
    expect(await failing(file, './service')).toEqual([]);
  });

  it('keep the wiring, the jobs and the dev tools to the indexes, and shared code off the modules', async () => {
    expect(await failing('server/app.ts', './modules/uploads/routes')).toEqual([RESTRICTED]);
    expect(await failing('server/app.ts', './modules/uploads')).toEqual([]);
    expect(await failing('server/jobs/probe.ts', '../modules/payments/settlement')).toEqual([RESTRICTED]);
    expect(await failing('server/jobs/probe.ts', '../modules/payments')).toEqual([]);
    expect(await failing('server/lib/probe.ts', '../modules/payments')).toEqual([RESTRICTED]);
    expect(await failing('server/lib/probe.ts', '../jobs/runner')).toEqual([RESTRICTED]);
  });

  it('keep a module off its own index, the jobs and server/env.ts; its tests may reach inside others', async () => {
    expect(await failing('server/modules/cart/probe.ts', '../cart')).toEqual([RESTRICTED]);
    expect(await failing('server/modules/cart/probe.ts', '../../jobs/runner')).toEqual([RESTRICTED]);
    expect(await failing('server/modules/cart/probe.ts', '../../env')).toEqual([RESTRICTED]);
    expect(await failing('server/modules/cart/probe.test.ts', '../delivery/service')).toEqual([]);
  });

  it('refuse an import cycle between two modules, followed through their indexes', async () => {
    // Payments settles through stock (payments/settlement.ts imports ../stock): stock importing payments closes a circle.
    expect(await failing('server/modules/stock/service.ts', '../payments')).toEqual([CYCLE]);
    // The catalogue refreshes search after a write (catalogue/changed.ts): search importing the catalogue closes one.
    expect(await failing('server/modules/search/service.ts', '../catalogue')).toEqual([CYCLE]);
  });
});
