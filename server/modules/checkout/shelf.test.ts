import { describe, expect, it } from 'vitest';
import { createShelfMemory } from './shelf';

describe('the shelf as checkouts last saw it', () => {
  const line = (variantId: string, quantity: number) => ({ variantId, quantity });

  it('knows a line cannot be covered for a second after a sale left too little, then forgets', () => {
    let t = 0;
    const shelf = createShelfMemory({ now: () => t });
    shelf.saw('sukuma', 0);
    shelf.saw('unga', 2);
    expect(shelf.short([line('unga', 2), line('sukuma', 1)])).toEqual({ line: line('sukuma', 1), left: 0 });
    expect(shelf.short([line('unga', 3)])).toEqual({ line: line('unga', 3), left: 2 });
    expect(shelf.short([line('unga', 2)])).toBeUndefined();
    t = 999;
    expect(shelf.short([line('sukuma', 1)])).toMatchObject({ left: 0 });
    // A unit may have come back since: the transaction decides again.
    t = 1_000;
    expect(shelf.short([line('sukuma', 1)])).toBeUndefined();
  });

  it('knows nothing of a variant it never saw, or of a line without one', () => {
    const shelf = createShelfMemory();
    expect(shelf.short([line('chapati', 5), { variantId: null, quantity: 1 }])).toBeUndefined();
  });

  it('takes the latest level seen', () => {
    const shelf = createShelfMemory();
    shelf.saw('maziwa', 0);
    shelf.saw('maziwa', 4);
    expect(shelf.short([line('maziwa', 4)])).toBeUndefined();
  });
});
