import { asc, eq } from 'drizzle-orm';
import type { DeliveryArea } from '../../../contract/cart';
import type { Db } from '../../db/client';
import { deliveryAreas } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { deliveryFee, type DeliverySettings } from './fee';

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

/** Where an order goes: a known area, or a point given by latitude and longitude (already range-checked). */
export type PlaceInput = { deliveryAreaId: string } | { lat: number; lng: number };

export interface Place {
  areaId: string | null;
  areaName: string | null;
  lat: number;
  lng: number;
  fee: number;
}

/** Resolves an area id or a point to coordinates and the delivery fee; an unknown area is a 400. */
export async function resolvePlace(db: Db, input: PlaceInput, settings: DeliverySettings): Promise<Place> {
  if ('deliveryAreaId' in input) {
    const [area] = await db.select().from(deliveryAreas).where(eq(deliveryAreas.id, input.deliveryAreaId));
    if (!area) {
      throw badRequest('We do not deliver to that area. Choose one from the list.', [
        { path: 'deliveryAreaId', message: 'unknown delivery area' },
      ]);
    }
    return {
      areaId: area.id,
      areaName: area.name,
      lat: area.lat,
      lng: area.lng,
      fee: deliveryFee(area, settings),
    };
  }
  return { areaId: null, areaName: null, lat: input.lat, lng: input.lng, fee: deliveryFee(input, settings) };
}

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
