import { http, HttpResponse } from 'msw';
import { DeliveryAreaList, type DeliveryArea } from '../../contract/cart';
import { envelope } from '../../contract/common';

/*
 * GET /api/v1/setups/delivery-areas and the delivery fee, as server/modules/delivery does it with the
 * default settings (mocks may not import server/): the same areas, and base 100 + 30 per straight-line
 * km from the shop in Nairobi CBD, rounded up to 10 KSH, between 150 and 2,000.
 */

export const MOCK_DELIVERY_AREAS: readonly DeliveryArea[] = [
  { id: 'nairobi-cbd', name: 'Nairobi CBD', lat: -1.2864, lng: 36.8172 },
  { id: 'westlands', name: 'Westlands', lat: -1.2676, lng: 36.8108 },
  { id: 'parklands', name: 'Parklands', lat: -1.263, lng: 36.819 },
  { id: 'kilimani', name: 'Kilimani', lat: -1.2897, lng: 36.7834 },
  { id: 'kileleshwa', name: 'Kileleshwa', lat: -1.2807, lng: 36.7823 },
  { id: 'lavington', name: 'Lavington', lat: -1.2796, lng: 36.7686 },
  { id: 'hurlingham', name: 'Hurlingham', lat: -1.295, lng: 36.795 },
  { id: 'south-b', name: 'South B', lat: -1.3106, lng: 36.8361 },
  { id: 'south-c', name: 'South C', lat: -1.3197, lng: 36.8266 },
  { id: 'langata', name: "Lang'ata", lat: -1.356, lng: 36.76 },
  { id: 'karen', name: 'Karen', lat: -1.319, lng: 36.7073 },
  { id: 'eastleigh', name: 'Eastleigh', lat: -1.274, lng: 36.851 },
  { id: 'donholm', name: 'Donholm', lat: -1.296, lng: 36.89 },
  { id: 'embakasi', name: 'Embakasi', lat: -1.32, lng: 36.89 },
  { id: 'utawala', name: 'Utawala', lat: -1.29, lng: 36.96 },
  { id: 'kasarani', name: 'Kasarani', lat: -1.2219, lng: 36.8985 },
  { id: 'roysambu', name: 'Thika Road / Roysambu', lat: -1.218, lng: 36.886 },
  { id: 'kahawa', name: 'Kahawa', lat: -1.18, lng: 36.93 },
  { id: 'runda', name: 'Runda', lat: -1.218, lng: 36.81 },
  { id: 'ruaka', name: 'Ruaka', lat: -1.2096, lng: 36.778 },
  { id: 'ruiru', name: 'Ruiru', lat: -1.1456, lng: 36.96 },
  { id: 'thika', name: 'Thika', lat: -1.0333, lng: 37.0693 },
  { id: 'kikuyu', name: 'Kikuyu', lat: -1.246, lng: 36.663 },
  { id: 'ngong', name: 'Ngong', lat: -1.352, lng: 36.66 },
  { id: 'rongai', name: 'Rongai', lat: -1.396, lng: 36.755 },
  { id: 'syokimau', name: 'Syokimau', lat: -1.364, lng: 36.927 },
  { id: 'athi-river', name: 'Athi River', lat: -1.456, lng: 36.978 },
  { id: 'kitengela', name: 'Kitengela', lat: -1.476, lng: 36.963 },
];

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
