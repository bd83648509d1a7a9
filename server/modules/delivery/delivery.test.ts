import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAreas } from '../../db/schema';
import { parseEnv } from '../../env';
import { createTestContext, type TestContext } from '../../test/harness';
import { DELIVERY_AREAS } from '../../../contract/delivery-areas';
import { deliveryFee, deliverySettings, haversineKm } from './fee';

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

  it('measures straight-line distance', () => {
    // Nairobi CBD to Thika town is about 40 km as the crow flies.
    expect(haversineKm({ lat: -1.2864, lng: 36.8172 }, { lat: -1.0333, lng: 37.0693 })).toBeCloseTo(39.7, 0);
    expect(haversineKm({ lat: 0, lng: 36 }, { lat: 0, lng: 36 })).toBe(0);
  });

  it('is base + per km, rounded up to 10 KSH, at least the minimum and at most the maximum', () => {
    expect(settings).toMatchObject({ baseFee: 100, perKm: 30, minFee: 150, maxFee: 2000 });
    expect(deliveryFee(settings.shop, settings)).toBe(150);
    const karen = { lat: -1.319, lng: 36.7073 };
    const raw = 100 + 30 * haversineKm(settings.shop, karen);
    expect(deliveryFee(karen, settings)).toBe(Math.ceil(raw / 10) * 10);
    expect(deliveryFee({ lat: 3.1, lng: 35.6 }, settings)).toBe(2000);
    for (const area of DELIVERY_AREAS) {
      const fee = deliveryFee(area, settings);
      expect(Number.isInteger(fee) && fee % 10 === 0 && fee >= 150 && fee <= 2000, area.id).toBe(true);
    }
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
