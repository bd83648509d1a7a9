import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/languages';
import { formatKsh, SERVER_CATALOGUES, translator } from './i18n';

/** Every key of a catalogue, as dotted paths (plural forms reduced to their base key). */
function keysOf(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('the server catalogues', () => {
  it('has every key in both languages, none of them empty', () => {
    for (const ns of Object.keys(SERVER_CATALOGUES.en) as (keyof typeof SERVER_CATALOGUES.en)[]) {
      const [en, sw] = LANGUAGES.map((l) => [...new Set(keysOf(SERVER_CATALOGUES[l][ns]))].sort());
      expect(sw, `namespace ${ns}`).toEqual(en);
      for (const l of LANGUAGES) {
        const empty = keysOf(SERVER_CATALOGUES[l][ns]).filter((k) => !translator(l, ns)(k).trim());
        expect(empty, `${l}/${ns}`).toEqual([]);
      }
    }
  });

  it('writes shillings the way Kenyan shops do in either language', () => {
    expect(formatKsh(1250, 'en')).toBe('KSH 1,250');
    expect(formatKsh(1250, 'sw')).toBe('KSH 1,250');
  });
});
