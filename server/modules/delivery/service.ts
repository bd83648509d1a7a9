import { asc, eq, sql } from 'drizzle-orm';
import type { DeliveryArea } from '../../../contract/cart';
import { preparedPerHandle, type Db } from '../../db/client';
import { deliveryAreas } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import {
  resolvePlace as placeOf,
  UNKNOWN_AREA_MESSAGE,
  type DeliverySettings,
  type Place,
  type PlaceInput,
} from '../../../contract/delivery';
import type { Config } from '../../lib/http';

export { placeInput } from '../../../contract/delivery';

/** The delivery settings of the environment (SHOP_*, DELIVERY_*). */
export const deliverySettings = (
  env: Pick<
    Config,
    | 'SHOP_LAT'
    | 'SHOP_LNG'
    | 'DELIVERY_BASE_FEE'
    | 'DELIVERY_PER_KM'
    | 'DELIVERY_MIN_FEE'
    | 'DELIVERY_MAX_FEE'
  >,
): DeliverySettings => ({
  shop: { lat: env.SHOP_LAT, lng: env.SHOP_LNG },
  baseFee: env.DELIVERY_BASE_FEE,
  perKm: env.DELIVERY_PER_KM,
  minFee: env.DELIVERY_MIN_FEE,
  maxFee: env.DELIVERY_MAX_FEE,
});

/** Every delivery area in display order. */
export function listDeliveryAreas(db: Db): Promise<DeliveryArea[]> {
  return db
    .select({
      id: deliveryAreas.id,
      name: deliveryAreas.name,
      lat: deliveryAreas.lat,
      lng: deliveryAreas.lng,
    })
    .from(deliveryAreas)
    .orderBy(asc(deliveryAreas.position), asc(deliveryAreas.name));
}

/** Resolves an area id or a point to coordinates and the delivery fee; an unknown area is a 400. */
const preparedArea = preparedPerHandle((db) =>
  db
    .select()
    .from(deliveryAreas)
    .where(eq(deliveryAreas.id, sql.placeholder('id')))
    .prepare('delivery_area'),
);

export async function resolvePlace(db: Db, input: PlaceInput, settings: DeliverySettings): Promise<Place> {
  const [area] =
    'deliveryAreaId' in input ? await preparedArea(db).execute({ id: input.deliveryAreaId }) : [];
  const place = placeOf(input, area, settings);
  if (!place) {
    throw badRequest(UNKNOWN_AREA_MESSAGE, [{ path: 'deliveryAreaId', message: 'unknown delivery area' }]);
  }
  return place;
}
