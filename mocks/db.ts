import type { ActivityEntry } from '../contract/admin';
import type { StockMovementView } from '../contract/admin-stock';
import { catalogueFixture, type CatalogueFixture } from './fixtures/catalogue';

/** The in-memory records the MSW handlers read and change, one section per feature. */
export interface MockDb {
  catalogue: CatalogueFixture;
  /** The back office's activity log, newest last (mocks/admin.ts records it). */
  activity: ActivityEntry[];
  /** Every variant's stock history, oldest first (mocks/handlers/stock.ts); each opens with its stock. */
  stockMovements: StockMovementView[];
}

const build = (now: Date): MockDb => {
  const catalogue = catalogueFixture(now);
  const stockMovements = catalogue.products.flatMap((p) =>
    p.variants.map((v): StockMovementView => ({
      movementId: crypto.randomUUID(),
      variantId: v.id,
      kind: 'opening',
      reason: null,
      change: v.quantity,
      levelAfter: v.quantity,
      actorName: '',
      orderId: null,
      orderNumber: null,
      note: '',
      at: p.createdAt.toISOString(),
    })),
  );
  return { catalogue, activity: [], stockMovements };
};

/** The shared mock database; handlers read it at request time, so tests may edit it. */
export const mockDb: MockDb = build(new Date());

/** Puts every section back to its fixture (call between tests that change records). */
export function resetMockDb(now: Date = new Date()): void {
  Object.assign(mockDb, build(now));
}

// In `vite --mode mock` the back office's edits (a discount, a product, a category) outlive a page
// load, as the orders in commerce-db.ts do: signing out reloads the page, and a shop whose new promo
// code vanished with the admin's session would not be the shop the admin just set up.

const STORAGE_KEY = 'sokoni.mock.catalogue';
/** The fixture's fields that hold dates; JSON keeps them as ISO strings. */
const DATE_FIELDS = new Set(['archivedAt', 'createdAt', 'updatedAt', 'startsAt', 'endsAt']);

/** Takes the records a previous page load of this browser left, if any (mock mode only). */
export function loadMockDb(storage: Storage): void {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return;
    const stored = JSON.parse(raw, (key, value: unknown) =>
      DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
    ) as MockDb;
    Object.assign(mockDb, stored);
  } catch {
    // Unreadable state: keep the fixture.
  }
}

/** Keeps the records for the next page load (after each change the handlers answered). */
export function saveMockDb(storage: Storage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(mockDb));
  } catch {
    // Storage full or blocked: the mock keeps working for this page load.
  }
}
