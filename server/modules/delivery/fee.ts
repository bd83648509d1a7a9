import type { Env } from '../../env';

/** The delivery settings of the environment (SHOP_*, DELIVERY_*). */
export interface DeliverySettings {
  shop: { lat: number; lng: number };
  baseFee: number;
  perKm: number;
  minFee: number;
  maxFee: number;
}

export const deliverySettings = (env: Env): DeliverySettings => ({
  shop: { lat: env.SHOP_LAT, lng: env.SHOP_LNG },
  baseFee: env.DELIVERY_BASE_FEE,
  perKm: env.DELIVERY_PER_KM,
  minFee: env.DELIVERY_MIN_FEE,
  maxFee: env.DELIVERY_MAX_FEE,
});

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The fee to deliver to a place, whole KSH: base + per km × straight-line km from the shop, rounded up
 * to 10 shillings (riders price in tens), then at least the minimum and at most the maximum.
 */
export function deliveryFee(place: { lat: number; lng: number }, s: DeliverySettings): number {
  const raw = s.baseFee + s.perKm * haversineKm(s.shop, place);
  // The epsilon keeps float noise (e.g. 250.00000000003) from adding 10 shillings.
  const rounded = Math.ceil(raw / 10 - 1e-9) * 10;
  return Math.min(s.maxFee, Math.max(s.minFee, rounded));
}
