// @vitest-environment node
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from './recipes';

/*
 * The shop registers only the Chakra recipes it uses (./recipes.ts). A component whose recipe is
 * missing renders unstyled and nothing fails, and a recipe nothing uses is read on every first load,
 * so this reads every import from '@chakra-ui/react' in src and checks the list against them.
 */
const src = fileURLToPath(new URL('../..', import.meta.url));

/** Components whose recipe is not named after them, or that need a second one. */
const NEEDS: Record<string, string[]> = {
  Checkbox: ['checkbox', 'checkmark'],
  CloseButton: ['button'],
  IconButton: ['button'],
  InputGroup: ['inputAddon'],
  RadioGroup: ['radioGroup', 'radiomark'],
  SkeletonCircle: ['skeleton'],
  SkeletonText: ['skeleton'],
  SkipNavContent: ['skipNavLink'],
};

const CHAKRA = { ...chakraRecipes, ...chakraSlotRecipes };

function recipesNeeded(name: string): string[] {
  const key = name[0]!.toLowerCase() + name.slice(1);
  return NEEDS[name] ?? (key in CHAKRA ? [key] : []);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each file's Chakra components and the recipes they need. */
const uses = sourceFiles(src).flatMap((file) => {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0]!)
      .filter((name) => name && !name.startsWith('type '))
      .flatMap((name) =>
        recipesNeeded(name).map((recipe) => ({ file: path.relative(src, file), name, recipe })),
      ),
  );
});

const registered = { ...recipes, ...slotRecipes };

describe('the registered Chakra recipes', () => {
  it('cover every component the shop and its back office show', () => {
    expect(uses.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Button', 'Card', 'Drawer', 'Table', 'Checkbox', 'InputGroup']),
    );
    const missing = uses.filter(({ recipe }) => !(recipe in registered));
    expect(missing.map(({ file, name, recipe }) => `${file}: ${name} needs "${recipe}"`)).toEqual([]);
  });

  it('leave out what nothing shows', () => {
    const used = new Set(uses.map(({ recipe }) => recipe));
    expect(Object.keys(registered).filter((key) => !used.has(key))).toEqual([]);
  });
});
