import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAreas } from '../../db/schema';
import { parseEnv } from '../../env';
import { createTestContext, type TestContext } from '../../test/harness';
import { DELIVERY_AREAS } from '../../../contract/delivery-areas';
import { deliveryFee, DEFAULT_DELIVERY_SETTINGS } from '../../../contract/delivery';
import { deliverySettings } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('delivery areas', () => {
  it('are in every migrated database exactly as contract/delivery-areas.ts lists them', async () => {
    const rows = await ctx.database.db.select().from(deliveryAreas).orderBy(asc(deliveryAreas.position));
    expect(rows.map(({ id, name, lat, lng }) => ({ id, name, lat, lng }))).toEqual(DELIVERY_AREAS);
    for (const name of [
      'Westlands',
      'Kilimani',
      'Karen',
      'Kasarani',
      'Embakasi',
      'Ruaka',
      'Kitengela',
      'Rongai',
      'Syokimau',
    ]) {
      expect(rows.map((r) => r.name)).toContain(name);
    }
  });

  it('are listed by GET /api/v1/setups/delivery-areas (not swallowed by /setups/{name})', async () => {
    const res = await ctx.request('/api/v1/setups/delivery-areas');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data[1]).toEqual({ id: 'westlands', name: 'Westlands', lat: -1.2676, lng: 36.8108 });
    expect(data).toHaveLength(DELIVERY_AREAS.length);
    expect((await ctx.request('/api/v1/setups/countries')).status).toBe(200);
  });
});

describe('delivery fee', () => {
  const settings = deliverySettings(parseEnv({}));

  it('defaults to the shop rules of contract/delivery.ts', () => {
    expect(settings).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it('takes its numbers from the environment and refuses a minimum above the maximum', () => {
    const custom = deliverySettings(
      parseEnv({
        DELIVERY_BASE_FEE: '0',
        DELIVERY_PER_KM: '10',
        DELIVERY_MIN_FEE: '0',
        DELIVERY_MAX_FEE: '50',
        SHOP_LAT: '-1.3',
        SHOP_LNG: '36.8',
      }),
    );
    expect(deliveryFee({ lat: -1.3, lng: 36.8 }, custom)).toBe(0);
    expect(deliveryFee({ lat: -1.0, lng: 37.1 }, custom)).toBe(50);
    expect(() => parseEnv({ DELIVERY_MIN_FEE: '500', DELIVERY_MAX_FEE: '400' })).toThrow(/DELIVERY_MIN_FEE/);
    expect(() => parseEnv({ SHOP_LAT: '51.5' })).toThrow(/SHOP_LAT/);
  });
});
