import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Colours are tokens of src/app/theme; components use colorPalette and semantic tokens
// (docs/design.md#theme-tokens).
const SRC = path.resolve(__dirname, '../..');
const THEME = path.resolve(__dirname);
const HEX = /#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?:[0-9a-fA-F]{2})?\b/;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts')) yield full;
  }
}

describe('colours', () => {
  it('are written as hex values only inside src/app/theme', () => {
    const offenders = [...sourceFiles(SRC)]
      .filter((file) => !file.startsWith(THEME))
      .filter((file) => HEX.test(readFileSync(file, 'utf8').replace(/href=\{?[`'"][^`'"]*#[^`'"]*[`'"]\}?/g, '')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
