import { describe, expect, it } from 'vitest';
import { catalogueKeys, formatWholeKsh, LANGUAGES } from '../../contract/languages';
import { SERVER_CATALOGUES, translator } from './i18n';

describe('the server catalogues', () => {
  it('has every key in both languages, none of them empty', () => {
    for (const ns of Object.keys(SERVER_CATALOGUES.en) as (keyof typeof SERVER_CATALOGUES.en)[]) {
      const [en, sw] = LANGUAGES.map((l) => catalogueKeys(SERVER_CATALOGUES[l][ns]));
      expect(sw, `namespace ${ns}`).toEqual(en);
      for (const l of LANGUAGES) {
        const empty = catalogueKeys(SERVER_CATALOGUES[l][ns]).filter((k) => !translator(l, ns)(k).trim());
        expect(empty, `${l}/${ns}`).toEqual([]);
      }
    }
  });

  it('writes shillings the way Kenyan shops do in either language', () => {
    expect(formatWholeKsh(1250, 'en')).toBe('KSH 1,250');
    expect(formatWholeKsh(1250, 'sw')).toBe('KSH 1,250');
  });
});
