import { z } from 'zod';
import { Uuid } from './common';
import { OrderStatus } from './checkout';

// Riders and their deliveries: the riders fulfilment staff pick from when an order goes out
// (`GET /v1/admin/riders`, `orders.fulfil`), and a rider's own round (`/v1/admin/deliveries`,
// `deliveries.own`: the rider role alone, contract/roles.ts). Rules in words live in
// deliveries-rules.ts (zod-free, for the SPA's screens).

const Ksh = z.number().int().nonnegative();
const Timestamp = z.iso.datetime({ offset: true });

/** A staff member with the rider role, not deactivated: who may take an order out. */
export const Rider = z
  .object({
    userId: Uuid,
    name: z.string(),
    /** As people write it, `0712 345 678`; null when the account has none. */
    phone: z.string().nullable(),
  })
  .meta({ id: 'Rider' });
export type Rider = z.infer<typeof Rider>;

/** One order of a rider's round, with what they need at the door and nothing more. */
export const Delivery = z
  .object({
    orderId: Uuid,
    number: z.number().int().positive(),
    /** `out_for_delivery` while on the road, `delivered` once marked. */
    status: OrderStatus,
    customer: z.object({
      name: z.string(),
      /** The phone the shopper gave with the order, as people write it. */
      phone: z.string(),
    }),
    deliveryAreaName: z.string().nullable(),
    address: z.string(),
    lat: z.number(),
    lng: z.number(),
    /** Google Maps at the delivery point. */
    mapUrl: z.url(),
    items: z.array(
      z.object({ name: z.string(), variantName: z.string(), quantity: z.number().int().positive() }),
    ),
    total: Ksh,
    /** When the order was given to the rider. */
    assignedAt: Timestamp,
    /** When it was marked delivered; null while on the road. */
    deliveredAt: Timestamp.nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

/** Google Maps searching for the point, which opens the phone's maps app with directions a tap away. */
export const mapUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

/** Why a rider id was refused when an order goes out, under the `riderId` field. */
export const NOT_A_RIDER = 'must be an active rider: pick one from the list of riders';

/** The 400 issue when an order is sent out without its rider. */
export const RIDER_REQUIRED = 'is required to send an order out for delivery: pick the rider taking it';
