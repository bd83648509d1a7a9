import type { CartPlace } from '@/features/cart';
import { KENYA_BOUNDS } from '@contract/cart';

/** The delivery place as the checkout form holds it. */
export type PlaceChoice =
  | { kind: 'none' }
  | { kind: 'area'; deliveryAreaId: string }
  | { kind: 'point'; lat: number; lng: number; accuracy?: number };

/** The place as the cart and checkout calls take it; null while none is chosen. */
export function placeParams(choice: PlaceChoice): CartPlace | null {
  if (choice.kind === 'area') return { deliveryAreaId: choice.deliveryAreaId };
  if (choice.kind === 'point') return { lat: choice.lat, lng: choice.lng };
  return null;
}

/** Rounds a coordinate to 6 decimals (about 10 cm), as the API accepts (at most 10, no exponent). */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** Whether the shop delivers to a point (the API refuses others with OUTSIDE_KENYA_MESSAGE). */
export const isInKenya = (lat: number, lng: number) =>
  lat >= KENYA_BOUNDS.latMin &&
  lat <= KENYA_BOUNDS.latMax &&
  lng >= KENYA_BOUNDS.lngMin &&
  lng <= KENYA_BOUNDS.lngMax;
