import { z } from 'zod';
import type { Database } from '../../db/client';
import {
  subscribeToCatalogueChanges,
  type CatalogueSubscription,
  type ListenOptions,
} from '../../lib/catalogue-changes';
import type { Logger } from '../../lib/logger';

export { type ListenOptions } from '../../lib/catalogue-changes';

/**
 * One notification: the products (or categories) a committed statement touched, or "everything".
 * `scope: "cache"` marks the notifications of migration 0005 (prices, discounts, attributes, image
 * texts, category looks): they change what the catalogue answers, not what search indexes.
 */
const ChangePayload = z.object({
  op: z.string().optional(),
  table: z.string().optional(),
  scope: z.string().optional(),
  productIds: z.array(z.uuid()).optional(),
  categoryIds: z.array(z.uuid()).optional(),
  full: z.boolean().optional(),
});
export type CatalogueChange = z.infer<typeof ChangePayload>;

export interface ChangeHandlers {
  onChange(change: CatalogueChange): void;
  /** Notifications may have been missed (the connection dropped): the index must be rebuilt. */
  onResync(): void;
}

export type CatalogueListener = CatalogueSubscription;

/**
 * Listens for the catalogue changes search cares about, on the database handle's shared listening
 * connection (server/lib/catalogue-changes.ts).
 */
export function listenForCatalogueChanges(
  database: Database,
  logger: Logger,
  handlers: ChangeHandlers,
  options: ListenOptions = {},
): CatalogueListener {
  const onNotify = (payload: string) => {
    let parsed: CatalogueChange;
    try {
      parsed = ChangePayload.parse(JSON.parse(payload));
    } catch {
      logger.warn('search: ignored a malformed catalogue notification', { payload: payload.slice(0, 200) });
      return;
    }
    if (parsed.scope !== undefined) return;
    handlers.onChange(parsed);
  };
  return subscribeToCatalogueChanges(database, logger, { onNotify, onResync: handlers.onResync }, options);
}
