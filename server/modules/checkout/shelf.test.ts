import { describe, expect, it } from 'vitest';
import { createClaims, createShelfMemory } from './shelf';

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

describe('the units checkouts in progress want', () => {
  const line = (variantId: string, quantity: number, stock: number) => ({ variantId, quantity, stock });

  it('refuses a checkout once those ahead want every unit the stock shows, until one of them ends', () => {
    const claims = createClaims();
    const first = claims.take('amina k1', [line('unga', 2, 3)]);
    expect(first).not.toHaveProperty('short');
    // One unit is left unclaimed: two are refused, one is not.
    expect(claims.take('baraka k1', [line('unga', 2, 3)])).toEqual({
      short: { line: line('unga', 2, 3), left: 1 },
    });
    const second = claims.take('chege k1', [line('unga', 1, 3)]);
    expect(second).not.toHaveProperty('short');
    expect(claims.take('dama k1', [line('unga', 1, 3)])).toEqual({
      short: { line: line('unga', 1, 3), left: 0 },
    });
    // The first ended (placed or refused): its units are claimable again, once.
    (first as { release(): void }).release();
    (first as { release(): void }).release();
    expect(claims.take('dama k1', [line('unga', 2, 3)])).not.toHaveProperty('short');
    expect(claims.take('eko k1', [line('unga', 1, 3)])).toMatchObject({ short: { left: 0 } });
  });

  it('claims all of a cart or nothing, and lets a retry of the same checkout through on its claim', () => {
    const claims = createClaims();
    claims.take('amina k1', [line('unga', 1, 1)]);
    // The first line fits, the second does not: nothing of the cart is claimed.
    expect(claims.take('baraka k1', [line('sukuma', 2, 2), line('unga', 1, 1)])).toMatchObject({
      short: { line: { variantId: 'unga' }, left: 0 },
    });
    expect(claims.take('chege k1', [line('sukuma', 2, 2)])).not.toHaveProperty('short');
    // A double click: the same key waits its turn and finds the order its first press made.
    const again = claims.take('amina k1', [line('unga', 1, 1)]);
    expect(again).not.toHaveProperty('short');
    (again as { release(): void }).release();
    expect(claims.take('dama k1', [line('unga', 1, 1)])).toMatchObject({ short: { left: 0 } });
  });

  it('has nothing to claim for a line without a variant', () => {
    const claims = createClaims();
    expect(claims.take('amina k1', [{ variantId: null, quantity: 3, stock: 0 }])).not.toHaveProperty('short');
  });
});
