// TEMPORARY: the shapes of import-api.md until contract/admin-import.ts lands on this branch.

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
}

export interface ImportProblem {
  row: number | null;
  column: string | null;
  message: string;
  blocking: boolean;
}

export interface ImportChange {
  row: number;
  pid: string;
  name: string;
  variant: string;
  action: 'create' | 'update';
  fields: string[];
}

export interface ImportPreview {
  importId: string | null;
  fileName: string;
  rows: number;
  products: ImportCounts;
  variants: ImportCounts;
  missing: { categories: string[]; attributeValues: { attribute: string; value: string }[] };
  problems: ImportProblem[];
  problemCount: number;
  changes: ImportChange[];
}

export interface ImportResult {
  products: { created: number; updated: number; unchanged: number };
  variants: { created: number; updated: number; unchanged: number };
  categoriesCreated: number;
  attributeValuesCreated: number;
}

export const IMPORT_BYTES_MAX = 10 * 1024 * 1024;
