import { catalogueFixture, type CatalogueFixture } from './fixtures/catalogue';

/** The in-memory records the MSW handlers read and change, one section per feature. */
export interface MockDb {
  catalogue: CatalogueFixture;
}

const build = (now: Date): MockDb => ({ catalogue: catalogueFixture(now) });

/** The shared mock database; handlers read it at request time, so tests may edit it. */
export const mockDb: MockDb = build(new Date());

/** Puts every section back to its fixture (call between tests that change records). */
export function resetMockDb(now: Date = new Date()): void {
  Object.assign(mockDb, build(now));
}
