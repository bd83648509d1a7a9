import { createSystem, defaultConfig, type SystemContext } from '@chakra-ui/react';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anatomiesDroppable,
  ChakraChangedError,
  defaultThemeDroppable,
  dictionaryInSteps,
  globalCssOnDemand,
  systemInSteps,
} from '../scripts/vite-chakra';

const esm = path.resolve('node_modules/@chakra-ui/react/dist/esm');
const styledSystem = path.join(esm, 'styled-system');
const brand = { theme: { tokens: { colors: { brand: { 500: { value: '#ED1E79' } } } } } };

type StepsOf = (...configs: unknown[]) => Generator<void, SystemContext>;
let edited: { createSystem: typeof createSystem & { steps: StepsOf } };
let dir: string;

/**
 * Chakra's system.js and token-dictionary.js as the build serves them, loaded from beside the project:
 * the edited system.js imports the edited dictionary, and every other import points at Chakra's file.
 */
beforeAll(async () => {
  mkdirSync('.tmp', { recursive: true });
  dir = mkdtempSync(path.resolve('.tmp/chakra-edits-'));
  const write = (file: string, code: string) =>
    writeFileSync(
      path.join(dir, file),
      code.replace(/from '(\.{1,2}\/[^']+)'/g, (whole, spec: string) =>
        spec === './token-dictionary.js'
          ? whole
          : `from '${pathToFileURL(path.resolve(styledSystem, spec)).href}'`,
      ),
    );
  const read = (file: string) => readFileSync(path.join(styledSystem, file), 'utf8');
  write('token-dictionary.js', dictionaryInSteps(read('token-dictionary.js')));
  write('system.js', systemInSteps(globalCssOnDemand(read('system.js'))));
  edited = await import(/* @vite-ignore */ pathToFileURL(path.join(dir, 'system.js')).href);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the build's edits of Chakra", () => {
  it('make the same system as Chakra, at once or in steps', () => {
    const original = createSystem(defaultConfig, brand);
    const steps = edited.createSystem.steps(defaultConfig, brand);
    // Six pauses: after merging the configs, four within the token dictionary, one after it.
    let last = steps.next();
    let pauses = 0;
    for (; !last.done; last = steps.next()) pauses += 1;
    expect(pauses).toBe(6);
    for (const system of [last.value as SystemContext, edited.createSystem(defaultConfig, brand)]) {
      expect(system.token('colors.brand.500')).toBe('#ED1E79');
      const style = { color: 'brand.500', p: '4', _hover: { bg: 'red.subtle' }, md: { gap: '2' } };
      expect(system.css(style)).toEqual(original.css(style));
      expect(system.getRecipeFn('button')({ size: 'sm' })).toEqual(
        original.getRecipeFn('button')({ size: 'sm' }),
      );
      expect(system.getTokenCss()).toEqual(original.getTokenCss());
      // The global CSS is made when first read, and is Chakra's.
      expect(Object.getOwnPropertyDescriptor(system, '_global')?.get).toBeTypeOf('function');
      expect(system._global).toEqual(original._global);
    }
  });

  it("drop Chakra's default theme config unless something uses it", () => {
    const theme = readFileSync(path.join(esm, 'theme/index.js'), 'utf8');
    expect(defaultThemeDroppable(theme)).toContain(
      'const defaultThemeConfig = /* @__PURE__ */ defineConfig({',
    );
  });

  it("let the bundler drop the anatomies of components the shop does not show, Chakra's and Zag's", () => {
    const chakra = anatomiesDroppable(readFileSync(path.join(esm, 'anatomy.js'), 'utf8'));
    expect(chakra).toContain(
      'const datePickerAnatomy = /* @__PURE__ */ datePickerAnatomy$1.extendWith("indicatorGroup");',
    );
    expect(chakra).toContain('const alertAnatomy = /* @__PURE__ */ createAnatomy("alert").parts(');
    const zag = anatomiesDroppable(
      readFileSync(path.resolve('node_modules/@zag-js/slider/dist/slider.anatomy.mjs'), 'utf8'),
    );
    expect(zag).toContain('var anatomy = /* @__PURE__ */ createAnatomy("slider").parts(');
    expect(zag).toContain('var parts = /* @__PURE__ */ anatomy.build();');
  });

  it('fail the build when Chakra no longer reads as they expect', () => {
    const moved = 'export function createSystem(config) { return config; }';
    for (const edit of [
      globalCssOnDemand,
      systemInSteps,
      dictionaryInSteps,
      defaultThemeDroppable,
      anatomiesDroppable,
    ])
      expect(() => edit(moved)).toThrow(ChakraChangedError);
  });
});
