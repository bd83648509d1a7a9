import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  badFile,
  IMPORT_APPLIED,
  IMPORT_NOT_FOUND,
  IMPORT_PREVIEW_TTL_MS,
  importChanged,
  importMissing,
  planImport,
  blocksImport,
  importPreview,
  previewLevels,
  readCatalogueCsv,
  type ImportRow,
} from '../../../contract/catalogue-csv';
import type { ImportPreview, ImportResult } from '../../../contract/admin-import';
import type { Database, Db } from '../../db/client';
import { productImports } from '../../db/schema';
import { refused } from '../../lib/errors';
import { catalogueChanged } from '../catalogue';
import { lockTaxonomy } from '../taxonomy';
import { readCsvProducts, readTaxonomy } from './csv-catalogue';
import { applyImport } from './csv-import-apply';
import type { Actor } from './save';

// The catalogue's CSV import: a preview that changes nothing but stores the checked rows, and the
// confirmation that applies them in one transaction (the rules: contract/catalogue-csv.ts).

/** What a preview stores: the checked rows and each matched variant's stock as the preview read it. */
interface StoredImport {
  rows: ImportRow[];
  levels: Record<string, number>;
}

const pidsOf = (rows: readonly ImportRow[]) => [...new Set(rows.flatMap((r) => (r.pid ? [r.pid] : [])))];

/**
 * Reads and checks a file and plans it against the catalogue. Stores the rows (answering the import's
 * id) only when nothing blocks them; a file refused as a whole is a 400 `bad_file`.
 */
export async function previewImport(
  db: Db,
  actor: Actor,
  fileName: string,
  bytes: Uint8Array,
): Promise<ImportPreview> {
  const reading = readCatalogueCsv(bytes);
  if (!reading.ok) throw refused(badFile(reading.message));
  const found = await readCsvProducts(db, { pids: pidsOf(reading.rows) });
  const plan = planImport(reading.rows, { products: found, ...(await readTaxonomy(db)) });
  let importId: string | null = null;
  if (!blocksImport(reading, plan)) {
    const stored: StoredImport = { rows: reading.rows, levels: previewLevels(plan, found) };
    const [row] = await db
      .insert(productImports)
      .values({ actorId: actor.id, fileName, rows: stored })
      .returning({ id: productImports.id });
    importId = row!.id;
  }
  return importPreview(reading, plan, importId, fileName);
}

/**
 * Applies a preview, all or nothing: marks it applied (a second confirmation, or one racing this,
 * finds it applied: 409), plans its rows again against the catalogue as it is now with the products
 * locked, refuses if a row no longer fits or something is missing without `createMissing`, then
 * writes. After the commit the shop's caches and search follow.
 */
export async function confirmImport(
  database: Database,
  actor: Actor,
  importId: string,
  createMissing: boolean,
  now = new Date(),
): Promise<ImportResult> {
  const { result, productIds } = await database.db.transaction(async (tx) => {
    const fresh = gt(productImports.createdAt, new Date(now.getTime() - IMPORT_PREVIEW_TTL_MS));
    const [taken] = await tx
      .update(productImports)
      .set({ appliedAt: now })
      .where(and(eq(productImports.id, importId), isNull(productImports.appliedAt), fresh))
      .returning({ fileName: productImports.fileName, rows: productImports.rows });
    if (!taken) {
      const [known] = await tx
        .select({ appliedAt: productImports.appliedAt })
        .from(productImports)
        .where(and(eq(productImports.id, importId), fresh));
      throw refused(known?.appliedAt ? IMPORT_APPLIED : IMPORT_NOT_FOUND);
    }
    const stored = taken.rows as StoredImport;
    // Taxonomy writes wait for this import (and it for them) when it may create categories or values.
    if (createMissing) {
      await lockTaxonomy(tx, 'attributes');
      await lockTaxonomy(tx, 'categories');
    }
    const products = await readCsvProducts(tx, { pids: pidsOf(stored.rows) }, true);
    const taxonomy = await readTaxonomy(tx);
    const plan = planImport(stored.rows, { products, ...taxonomy }, stored.levels);
    const problem = plan.problems.find((p) => p.blocking);
    if (problem) throw refused(importChanged(problem));
    if (!createMissing && (plan.missing.categories.length || plan.missing.attributeValues.length))
      throw refused(importMissing(plan.missing));
    return applyImport(tx, actor, taken.fileName, plan, taxonomy);
  });
  await catalogueChanged(database, productIds);
  return result;
}

/** Housekeeping: imports, confirmed or not, a day after their preview (an hour is all a preview may wait). */
export async function purgeImports(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await db.delete(productImports).where(lt(productImports.createdAt, dayAgo));
}
