import { http, HttpResponse } from 'msw';
import { DeliveryAreaList, type DeliveryArea } from '../../contract/cart';
import { envelope } from '../../contract/common';
import { DELIVERY_AREAS } from '../../contract/delivery-areas';

/*
 * GET /api/v1/setups/delivery-areas and the delivery fee, as server/modules/delivery does it with the
 * default settings (mocks may not import server/): the areas of contract/delivery-areas.ts, and base 100 + 30 per straight-line
 * km from the shop in Nairobi CBD, rounded up to 10 KSH, between 150 and 2,000.
 */

export const MOCK_DELIVERY_AREAS: readonly DeliveryArea[] = DELIVERY_AREAS;

const SHOP = { lat: -1.2864, lng: 36.8172 };
const FEE = { base: 100, perKm: 30, min: 150, max: 2000 };

const rad = (deg: number) => (deg * Math.PI) / 180;

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The delivery fee to a place, whole KSH (server/modules/delivery/fee.ts). */
export function mockDeliveryFee(place: { lat: number; lng: number }): number {
  const raw = FEE.base + FEE.perKm * haversineKm(SHOP, place);
  const rounded = Math.ceil(raw / 10 - 1e-9) * 10;
  return Math.min(FEE.max, Math.max(FEE.min, rounded));
}

export interface MockPlace {
  areaId: string | null;
  areaName: string | null;
  lat: number;
  lng: number;
  fee: number;
}

/** A delivery area or a point resolved to coordinates and fee; null for an unknown area. */
export function resolveMockPlace(
  input: { deliveryAreaId: string } | { lat: number; lng: number },
): MockPlace | null {
  if ('deliveryAreaId' in input) {
    const area = MOCK_DELIVERY_AREAS.find((a) => a.id === input.deliveryAreaId);
    return area
      ? { areaId: area.id, areaName: area.name, lat: area.lat, lng: area.lng, fee: mockDeliveryFee(area) }
      : null;
  }
  return { areaId: null, areaName: null, lat: input.lat, lng: input.lng, fee: mockDeliveryFee(input) };
}

export const UNKNOWN_AREA_MESSAGE = 'We do not deliver to that area. Choose one from the list.';

const AreasBody = envelope(DeliveryAreaList);

/** Before the setups handlers: their `/v1/setups/:name` would answer this path with a 404. */
export const deliveryHandlers = [
  http.get('*/api/v1/setups/delivery-areas', () =>
    HttpResponse.json(AreasBody.parse({ data: MOCK_DELIVERY_AREAS }), {
      headers: { 'Cache-Control': 'public, max-age=3600' },
    }),
  ),
];
