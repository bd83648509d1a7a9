import { http, HttpResponse } from 'msw';
import { DeliveryAreaList } from '../../contract/cart';
import { envelope } from '../../contract/common';
import {
  DEFAULT_DELIVERY_SETTINGS,
  resolvePlace,
  type Place,
  type PlaceInput,
} from '../../contract/delivery';
import { DELIVERY_AREAS } from '../../contract/delivery-areas';

/*
 * GET /api/v1/setups/delivery-areas and the delivery fee, as server/modules/delivery does it with the
 * default settings: the areas of contract/delivery-areas.ts and the fee rule of contract/delivery.ts.
 */

/** A delivery area or a point resolved to coordinates and fee; null for an unknown area. */
export const resolveMockPlace = (input: PlaceInput): Place | null =>
  resolvePlace(
    input,
    'deliveryAreaId' in input ? DELIVERY_AREAS.find((a) => a.id === input.deliveryAreaId) : undefined,
    DEFAULT_DELIVERY_SETTINGS,
  );

const AreasBody = envelope(DeliveryAreaList);

/** Before the setups handlers: their `/v1/setups/:name` would answer this path with a 404. */
export const deliveryHandlers = [
  http.get('*/api/v1/setups/delivery-areas', () =>
    HttpResponse.json(AreasBody.parse({ data: DELIVERY_AREAS }), {
      headers: { 'Cache-Control': 'public, max-age=3600' },
    }),
  ),
];
