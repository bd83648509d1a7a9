import type { ActivityEntry } from '../contract/admin';
import { catalogueFixture, type CatalogueFixture } from './fixtures/catalogue';

/** The in-memory records the MSW handlers read and change, one section per feature. */
export interface MockDb {
  catalogue: CatalogueFixture;
  /** The back office's activity log, newest last (mocks/admin.ts records it). */
  activity: ActivityEntry[];
}

const build = (now: Date): MockDb => ({ catalogue: catalogueFixture(now), activity: [] });

/** The shared mock database; handlers read it at request time, so tests may edit it. */
export const mockDb: MockDb = build(new Date());

/** Puts every section back to its fixture (call between tests that change records). */
export function resetMockDb(now: Date = new Date()): void {
  Object.assign(mockDb, build(now));
}
