import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_SETTINGS as settings,
  deliveryFee,
  haversineKm,
  placeInput,
  resolvePlace,
} from './delivery';
import { DELIVERY_AREAS } from './delivery-areas';

describe('delivery fee', () => {
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
});

describe('a delivery place', () => {
  it('is an area, a point, or nothing when neither is given', () => {
    expect(placeInput({ deliveryAreaId: 'karen' })).toEqual({ deliveryAreaId: 'karen' });
    expect(placeInput({ lat: -1.3, lng: 36.8 })).toEqual({ lat: -1.3, lng: 36.8 });
    expect(placeInput({ lat: -1.3 })).toBeNull();
    expect(placeInput({})).toBeNull();
  });

  it('resolves a known area to its centre and fee, a point to itself, an unknown area to null', () => {
    const karen = DELIVERY_AREAS.find((a) => a.id === 'karen')!;
    expect(resolvePlace({ deliveryAreaId: 'karen' }, karen, settings)).toEqual({
      areaId: 'karen',
      areaName: 'Karen',
      lat: karen.lat,
      lng: karen.lng,
      fee: deliveryFee(karen, settings),
    });
    expect(resolvePlace({ lat: -1.3, lng: 36.8 }, undefined, settings)).toMatchObject({
      areaId: null,
      lat: -1.3,
    });
    expect(resolvePlace({ deliveryAreaId: 'atlantis' }, undefined, settings)).toBeNull();
  });
});
