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

const preparedArea = preparedPerHandle((db) =>
  db
    .select()
    .from(deliveryAreas)
    .where(eq(deliveryAreas.id, sql.placeholder('id')))
    .prepare('delivery_area'),
);
type AreaRow = typeof deliveryAreas.$inferSelect;

/**
 * The areas change only by a migration or a hand edit of the table (no screen writes them), yet
 * every cart answer with a fee and every checkout needs one: each database handle keeps the areas
 * it read for a minute. A transaction is a handle of its own, so the one that places an order reads
 * its area afresh; an id not kept is always read.
 */
const AREA_KEPT_MS = 60_000;
const keptAreas = new WeakMap<Db, Map<string, { area: AreaRow; at: number }>>();
async function areaById(db: Db, id: string): Promise<AreaRow | undefined> {
  let kept = keptAreas.get(db);
  if (!kept) keptAreas.set(db, (kept = new Map()));
  const hit = kept.get(id);
  if (hit && Date.now() - hit.at < AREA_KEPT_MS) return hit.area;
  const [area] = await preparedArea(db).execute({ id });
  if (area) kept.set(id, { area, at: Date.now() });
  else kept.delete(id);
  return area;
}

/** Resolves an area id or a point to coordinates and the delivery fee; an unknown area is a 400. */
export async function resolvePlace(db: Db, input: PlaceInput, settings: DeliverySettings): Promise<Place> {
  const area = 'deliveryAreaId' in input ? await areaById(db, input.deliveryAreaId) : undefined;
  const place = placeOf(input, area, settings);
  if (!place) {
    throw badRequest(UNKNOWN_AREA_MESSAGE, [{ path: 'deliveryAreaId', message: 'unknown delivery area' }]);
  }
  return place;
}
