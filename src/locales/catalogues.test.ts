import { catalogueKeys, LANGUAGES, LOCALES } from '@contract/languages';
import { describe, expect, it } from 'vitest';
import en from './en';
import sw from './sw';

const catalogues = { en, sw };

/** Every leaf of a catalogue with its dotted key. */
const leaves = (node: Record<string, unknown>, prefix = ''): [string, unknown][] =>
  Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );

describe("the storefront's catalogues", () => {
  it('have the same namespaces and keys in English and Kiswahili', () => {
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
    for (const ns of Object.keys(en) as (keyof typeof en)[]) {
      expect(catalogueKeys(sw[ns]), `namespace ${ns}`).toEqual(catalogueKeys(en[ns]));
    }
  });

  it('have no empty text, and the same {{values}} in both languages', () => {
    for (const ns of Object.keys(en) as (keyof typeof en)[]) {
      const swTexts = new Map(leaves(sw[ns]));
      for (const [key, text] of leaves(en[ns])) {
        const base = key.replace(/_(one|other)$/, '');
        const other = swTexts.get(key) ?? swTexts.get(`${base}_other`);
        expect(typeof text === 'string' && text.trim(), `en ${ns}:${key}`).toBeTruthy();
        expect(typeof other === 'string' && other.trim(), `sw ${ns}:${key}`).toBeTruthy();
        const values = (t: unknown) => [...String(t).matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();
        expect(values(other), `sw ${ns}:${key} fills in what en does`).toEqual(values(text));
      }
    }
  });

  it("give every plural the forms the language's plural rules ask for", () => {
    for (const language of LANGUAGES) {
      const forms = new Intl.PluralRules(LOCALES[language]).resolvedOptions().pluralCategories;
      for (const ns of Object.keys(en) as (keyof typeof en)[]) {
        const keys = leaves(catalogues[language][ns]).map(([key]) => key);
        const plurals = new Set(
          keys.filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')),
        );
        for (const base of plurals) {
          for (const form of forms) expect(keys, `${language} ${ns}:${base}`).toContain(`${base}_${form}`);
        }
      }
    }
  });
});
