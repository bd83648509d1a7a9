import type { ImportPreview, ImportResult } from '@contract/admin-import';

/** "1 product" / "5,000 products". */
export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-KE')} ${n === 1 ? one : many}`;

/** The products a confirm would write (created or changed). */
export const productsToImport = (p: ImportPreview) => p.products.create + p.products.update;

export const hasMissing = (p: ImportPreview) =>
  p.missing.categories.length > 0 || p.missing.attributeValues.length > 0;

/** Whether a problem stops the import: the server gives no import id while one exists. */
const isBlocked = (p: ImportPreview) => p.importId === null || p.problems.some((x) => x.blocking);

/**
 * Why Confirm is off, in words the admin can act on, or null when it may be pressed. The server
 * refuses the same confirms (409), whatever the page shows.
 */
export function confirmBlocker(p: ImportPreview, createMissing: boolean): string | null {
  if (isBlocked(p))
    return 'The file has problems that stop the import (marked Blocking under Problems). Fix them in the spreadsheet and choose the corrected file.';
  if (productsToImport(p) === 0)
    return 'Nothing in the file differs from the catalogue, so there is nothing to import.';
  if (hasMissing(p) && !createMissing)
    return 'Tick “Create these when importing”, or fix the names in the file and choose it again.';
  return null;
}

/** The result's lines: "3 products created, 2 updated, 45 unchanged". */
export function resultLines(r: ImportResult): string[] {
  const lines = [
    `${count(r.products.created, 'product')} created, ${r.products.updated.toLocaleString('en-KE')} updated, ${r.products.unchanged.toLocaleString('en-KE')} unchanged.`,
    `${count(r.variants.created, 'variant')} created, ${r.variants.updated.toLocaleString('en-KE')} updated, ${r.variants.unchanged.toLocaleString('en-KE')} unchanged.`,
  ];
  if (r.categoriesCreated) lines.push(`${count(r.categoriesCreated, 'new category', 'new categories')}.`);
  if (r.attributeValuesCreated) lines.push(`${count(r.attributeValuesCreated, 'new attribute value')}.`);
  return lines;
}
