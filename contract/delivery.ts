// The delivery fee: one rule for the server (which charges it) and the mocks (which stand in for it).

/** Where deliveries leave from and what they cost; the server reads them from SHOP_* and DELIVERY_*. */
export interface DeliverySettings {
  shop: { lat: number; lng: number };
  baseFee: number;
  perKm: number;
  minFee: number;
  maxFee: number;
}

/** The settings when the environment names none: Nairobi CBD, 100 + 30 per km, 150 to 2,000 KSH. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  shop: { lat: -1.2864, lng: 36.8172 },
  baseFee: 100,
  perKm: 30,
  minFee: 150,
  maxFee: 2000,
};

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

/** Where an order goes: a known area, or a point given by latitude and longitude (already range-checked). */
export type PlaceInput = { deliveryAreaId: string } | { lat: number; lng: number };

/** A place resolved to coordinates and the fee to it. */
export interface Place {
  areaId: string | null;
  areaName: string | null;
  lat: number;
  lng: number;
  fee: number;
}

/** What the shopper is told when the area is not one the shop delivers to. */
export const UNKNOWN_AREA_MESSAGE = 'We do not deliver to that area. Choose one from the list.';

/** The place named by optional query or body fields, or null when none was given. */
export function placeInput(fields: {
  deliveryAreaId?: string;
  lat?: number;
  lng?: number;
}): PlaceInput | null {
  if (fields.deliveryAreaId !== undefined) return { deliveryAreaId: fields.deliveryAreaId };
  if (fields.lat !== undefined && fields.lng !== undefined) return { lat: fields.lat, lng: fields.lng };
  return null;
}

/** Resolves an area (looked up in `areas`) or a point to coordinates and fee; null for an unknown area. */
export function resolvePlace(
  input: PlaceInput,
  area: { id: string; name: string; lat: number; lng: number } | undefined,
  settings: DeliverySettings,
): Place | null {
  if ('deliveryAreaId' in input) {
    return area
      ? {
          areaId: area.id,
          areaName: area.name,
          lat: area.lat,
          lng: area.lng,
          fee: deliveryFee(area, settings),
        }
      : null;
  }
  return { areaId: null, areaName: null, lat: input.lat, lng: input.lng, fee: deliveryFee(input, settings) };
}
