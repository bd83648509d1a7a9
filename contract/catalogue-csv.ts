import Papa from 'papaparse';
import {
  NAME_MAX,
  PRODUCT_CATEGORIES_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  VARIANT_PRICE_MAX,
  VARIANT_QUANTITY_MAX,
  VARIANTS_MAX,
} from './admin-common';
import type { Refusal } from './stock';

// The catalogue's CSV (issue 29), one copy for the server and the mocks: its columns, reading a file
// (encoding, delimiter, whole-file refusals, each row's checks), the plan of what an import changes
// against a snapshot of the catalogue, and the export's writer. No zod here (the API's schemas are
// contract/admin-import.ts).

// ── Columns and limits ──────────────────────────────────────────────────────────────────────────

/** The columns, in the order the export and the template write them. */
export const CATALOGUE_CSV_COLUMNS = [
  'pid',
  'name',
  'description',
  'categories',
  'variant',
  'price',
  'stock',
  'available',
  'attributes',
  'visible',
] as const;
type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Without these the file is refused; the others may be left out (the shop then keeps what it has). */
const REQUIRED_COLUMNS: readonly CatalogueCsvColumn[] = ['pid', 'name', 'variant', 'price', 'stock'];

export const IMPORT_BYTES_MAX = 10 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 20_000;
/** How many problems and changes a preview lists (it counts them all). */
const LISTED_MAX = 200;

/** How the preview and the stock history name an import. */
export const importNote = (fileName: string) => `CSV import ${fileName}`;

// ── Reading a file ──────────────────────────────────────────────────────────────────────────────

/** A variant's attribute as the file names it. */
export interface CsvAttribute {
  attribute: string;
  value: string;
}

/**
 * One data row, checked and read. Optional fields are absent when their column is; `row` is the
 * row's number as a spreadsheet shows it (the header is row 1).
 */
export interface ImportRow {
  row: number;
  pid: string;
  name: string;
  variant: string;
  price: number;
  stock: number;
  description?: string;
  categories?: string[];
  available?: boolean;
  attributes?: CsvAttribute[];
  visible?: boolean;
}

/** A problem of the file as the preview lists it (contract/admin-import.ts ImportProblem). */
export interface CsvProblem {
  row: number | null;
  column: string | null;
  message: string;
  blocking: boolean;
}

export type CsvReading =
  | {
      ok: true;
      /** The rows without problems (a preview with blocking problems cannot be confirmed anyway). */
      rows: ImportRow[];
      /** Every data row read, those with problems included. */
      rowCount: number;
      columns: CatalogueCsvColumn[];
      problems: CsvProblem[];
    }
  | { ok: false; message: string };

const refuse = (message: string): CsvReading => ({ ok: false, message });

const SAVE_AS = 'Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.';

/**
 * The file's text: UTF-8 with or without a byte order mark. Refused (a sentence) when it is empty,
 * too large, binary, UTF-16 or in another encoding.
 */
function decodeCsv(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: 'The file is empty.' };
  if (bytes.length > IMPORT_BYTES_MAX)
    return { ok: false, message: `The file is larger than ${IMPORT_BYTES_MAX / 1024 / 1024} MB.` };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, message: `The file is UTF-16 text, not UTF-8. ${SAVE_AS}` };
  // A NUL never appears in text a spreadsheet writes: a picture, a PDF, a workbook (.xlsx) or UTF-16 without its mark.
  if (bytes.includes(0))
    return { ok: false, message: `The file is not a CSV file (it holds binary data). ${SAVE_AS}` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: `The file is not UTF-8 text (perhaps Latin-1 or Windows-1252). ${SAVE_AS}` };
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.test(text))
    return {
      ok: false,
      message: `The file is not a CSV file (it holds characters text does not). ${SAVE_AS}`,
    };
  return { ok: true, text };
}

/** Comma or semicolon (Excel in Kenya writes either): whichever the header line has more of. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** What a spreadsheet would run as a formula: = + - @ first, unless the whole cell is a number. */
const looksLikeFormula = (cell: string) => /^[=+\-@]/.test(cell) && !/^[+-]?\d+(?:[.,]\d+)?$/.test(cell);

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n']);

/** Reads a whole file: a refusal of the file, or its rows with each row's problems. */
export function readCatalogueCsv(bytes: Uint8Array): CsvReading {
  const decoded = decodeCsv(bytes);
  if (!decoded.ok) return decoded;
  const parsed = Papa.parse<string[]>(decoded.text, {
    delimiter: delimiterOf(decoded.text),
    skipEmptyLines: false,
  });
  const records = parsed.data;
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.every((h) => h === '')) return refuse('The file is empty.');

  const seen = new Set<string>();
  for (const h of header) {
    if (h && seen.has(h)) return refuse(`The file has the column “${h}” twice.`);
    seen.add(h);
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length) {
    const names = missing.map((c) => `“${c}”`).join(', ');
    return refuse(
      `The file lacks the required column${missing.length > 1 ? 's' : ''} ${names}. ` +
        `The first row must name the columns: ${CATALOGUE_CSV_COLUMNS.join(', ')}.`,
    );
  }
  const columns = CATALOGUE_CSV_COLUMNS.filter((c) => seen.has(c));
  const index = new Map(columns.map((c) => [c, header.indexOf(c)]));

  const data = records.slice(1).map((cells, i) => ({ cells, row: i + 2 }));
  const filled = data.filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) return refuse('The file has the header row but no products.');
  if (filled.length > IMPORT_ROWS_MAX)
    return refuse(
      `The file has ${filled.length} rows; at most ${IMPORT_ROWS_MAX.toLocaleString('en')} can be imported at once.`,
    );

  const problems: CsvProblem[] = [];
  // papaparse's own complaints (a quote never closed): by the record they are in.
  for (const e of parsed.errors) {
    if (e.type === 'Quotes' && e.row !== undefined)
      problems.push(blocking(e.row + 1, null, 'a quoted cell is never closed (a " is missing)'));
  }
  const rows: ImportRow[] = [];
  for (const { cells, row } of filled) {
    const read = readRow(cells, row, index, header.length);
    problems.push(...read.problems);
    if (read.row) rows.push(read.row);
  }
  problems.push(...duplicates(rows));
  return { ok: true, rows, rowCount: filled.length, columns, problems };
}

const blocking = (row: number | null, column: string | null, words: string): CsvProblem => ({
  row,
  column,
  message: `${row === null ? '' : `row ${row}`}${column ? `, ${column}` : ''}: ${words}`.replace(/^: /, ''),
  blocking: true,
});

const quoted = (s: string) => `'${s.length > 40 ? `${s.slice(0, 40)}…` : s}'`;

/** One data row's checks; the row itself when it has none. */
function readRow(
  cells: string[],
  row: number,
  index: Map<CatalogueCsvColumn, number>,
  width: number,
): { row: ImportRow | null; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const formulas = new Set<CatalogueCsvColumn>();
  if (cells.length !== width)
    problems.push(blocking(row, null, `has ${cells.length} cells where the header has ${width}`));
  const cell = (c: CatalogueCsvColumn): string | undefined => {
    const i = index.get(c);
    if (i === undefined) return undefined;
    const raw = (cells[i] ?? '').trim();
    // A cell the export guarded is taken as written, without its apostrophe.
    if (/^'[=+\-@\t\r]/.test(raw)) return raw.slice(1);
    if (looksLikeFormula(raw)) {
      formulas.add(c);
      problems.push(
        blocking(
          row,
          c,
          `${quoted(raw)} starts like a spreadsheet formula (= + - @): remove that first character`,
        ),
      );
      return '';
    }
    return raw;
  };
  const whole = (c: 'price' | 'stock', value: string, max: number, min: number) => {
    if (formulas.has(c)) return 0;
    if (!/^\d+$/.test(value)) {
      const what = c === 'price' ? 'a whole number of shillings' : 'a whole number of units';
      problems.push(
        blocking(row, c, value === '' ? `empty — enter ${what}` : `${quoted(value)} is not ${what}`),
      );
      return 0;
    }
    const n = Number(value);
    if (n < min) problems.push(blocking(row, c, 'must be more than 0'));
    else if (n > max) problems.push(blocking(row, c, `${value} is more than ${max.toLocaleString('en')}`));
    return n;
  };
  const yesNo = (c: 'available' | 'visible') => {
    const value = cell(c);
    // Blank: yes for a new product or variant, as it is for an existing one (the plan decides).
    if (value === undefined || value === '') return undefined;
    const v = value.toLowerCase();
    if (YES.has(v)) return true;
    if (NO.has(v)) return false;
    problems.push(blocking(row, c, `${quoted(value)} is not yes or no (true/false, 1/0 also do)`));
    return true;
  };
  const longest = (c: CatalogueCsvColumn, value: string, max: number) => {
    if (value.length > max)
      problems.push(blocking(row, c, `is ${value.length} characters long; at most ${max}`));
  };

  const pid = (cell('pid') ?? '').toUpperCase();
  const name = cell('name') ?? '';
  if (name === '') problems.push(blocking(row, 'name', 'empty — every row names its product'));
  longest('name', name, PRODUCT_NAME_MAX);
  const variant = cell('variant') ?? '';
  longest('variant', variant, NAME_MAX);
  const price = whole('price', cell('price') ?? '', VARIANT_PRICE_MAX, 1);
  const stock = whole('stock', cell('stock') ?? '', VARIANT_QUANTITY_MAX, 0);
  const result: ImportRow = { row, pid, name, variant, price, stock };

  const description = cell('description');
  if (description !== undefined) {
    longest('description', description, PRODUCT_DESCRIPTION_MAX);
    result.description = description;
  }
  const categories = cell('categories');
  if (categories !== undefined) {
    const list = splitList(categories);
    if (list.length > PRODUCT_CATEGORIES_MAX)
      problems.push(
        blocking(row, 'categories', `names ${list.length} categories; at most ${PRODUCT_CATEGORIES_MAX}`),
      );
    result.categories = list;
  }
  const attributes = cell('attributes');
  if (attributes !== undefined) {
    result.attributes = [];
    for (const pair of splitList(attributes)) {
      const colon = pair.indexOf(':');
      const attribute = colon < 0 ? '' : pair.slice(0, colon).trim();
      const value = colon < 0 ? '' : pair.slice(colon + 1).trim();
      if (!attribute || !value) {
        problems.push(blocking(row, 'attributes', `${quoted(pair)} is not a pair like 'Weight: 500 g'`));
      } else if (attribute.length > NAME_MAX || value.length > NAME_MAX) {
        problems.push(
          blocking(
            row,
            'attributes',
            `${quoted(pair)}: a name or value is longer than ${NAME_MAX} characters`,
          ),
        );
      } else if (result.attributes.some((a) => key(a.attribute) === key(attribute))) {
        problems.push(blocking(row, 'attributes', `names '${attribute}' twice; give each attribute once`));
      } else {
        result.attributes.push({ attribute, value });
      }
    }
  }
  const available = yesNo('available');
  if (available !== undefined) result.available = available;
  const visible = yesNo('visible');
  if (visible !== undefined) result.visible = visible;
  return { row: problems.length ? null : result, problems };
}

/** `a | b|c` → ['a', 'b', 'c'] (blanks dropped). */
const splitList = (cell: string) =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

/** How names are compared: case-insensitively, trimmed, inner spaces as one. */
export const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Which product a row belongs to: its pid, or for a new product (blank pid) its name. */
const productKey = (r: Pick<ImportRow, 'pid' | 'name'>) => (r.pid ? `pid:${r.pid}` : `new:${key(r.name)}`);

const label = (r: Pick<ImportRow, 'pid' | 'name'>) => (r.pid ? r.pid : `new product ${quoted(r.name)}`);

/**
 * Duplicates within the file: the same variant of one product twice, and one product code used for
 * two products (rows of one pid that disagree on its name, description, categories or visibility).
 */
function duplicates(rows: readonly ImportRow[]): CsvProblem[] {
  const problems: CsvProblem[] = [];
  const variants = new Map<string, number>();
  const firsts = new Map<string, ImportRow>();
  for (const r of rows) {
    const product = productKey(r);
    const v = `${product}\u0000${key(r.variant)}`;
    const earlier = variants.get(v);
    if (earlier !== undefined) {
      problems.push(
        blocking(
          r.row,
          'variant',
          `${label(r)} has the variant ${quoted(r.variant)} already on row ${earlier}; give each variant one row`,
        ),
      );
    } else variants.set(v, r.row);
    const first = firsts.get(product);
    if (!first) {
      firsts.set(product, r);
      continue;
    }
    if (r.pid && key(first.name) !== key(r.name)) {
      problems.push(
        blocking(
          r.row,
          'pid',
          `the product code ${r.pid} is used again for another product (${quoted(r.name)} here, ${quoted(first.name)} on row ${first.row})`,
        ),
      );
      continue;
    }
    const differs = (what: string, a: string | undefined, b: string | undefined) => {
      if (a === undefined || b === undefined || a === '' || b === '' || a === b) return;
      problems.push(
        blocking(
          r.row,
          what,
          `${label(r)} has another ${what} on row ${first.row}; the rows of one product must agree`,
        ),
      );
    };
    differs('description', first.description, r.description);
    differs(
      'categories',
      first.categories?.map(key).sort().join('|'),
      r.categories?.map(key).sort().join('|'),
    );
    differs(
      'visible',
      first.visible === undefined ? undefined : String(first.visible),
      r.visible === undefined ? undefined : String(r.visible),
    );
  }
  return problems;
}

// ── Planning an import ──────────────────────────────────────────────────────────────────────────

/** The catalogue as the plan needs it (the server reads it from the database, the mocks from theirs). */
export interface CatalogueSnapshot {
  products: SnapshotProduct[];
  categories: { id: string; name: string; slug: string }[];
  attributes: { id: string; name: string; values: { id: string; value: string }[] }[];
}

export interface SnapshotProduct {
  id: string;
  pid: string;
  name: string;
  description: string;
  hidden: boolean;
  categoryIds: string[];
  /** The active variants (archived ones are not matched). */
  variants: SnapshotVariant[];
}

interface SnapshotVariant {
  id: string;
  name: string;
  price: number;
  quantity: number;
  available: boolean;
  attributes: CsvAttribute[];
}

/** What an import does to one variant. */
interface PlannedVariant {
  row: number;
  /** The variant it updates; null for a new one. */
  id: string | null;
  name: string;
  /** Only the fields that change (all of them for a new variant). */
  price?: number;
  available?: boolean;
  /** By name; resolved (or created) when applied. */
  attributes?: CsvAttribute[];
  /** Units to add or take (an existing variant) or the opening stock (a new one); 0 for no change. */
  stockChange: number;
  /** The quantity after the change. */
  stockAfter: number;
  changes: string[];
}

/** What an import does to one product. */
export interface PlannedProduct {
  row: number;
  /** The product it updates; null for a new one. */
  id: string | null;
  pid: string;
  name: string;
  /** Only the fields that change (all of them for a new product). */
  set: { name?: string; description?: string; hidden?: boolean; categories?: string[] };
  /** The product's own changes in words (its variants' are on each variant). */
  changes: string[];
  variants: PlannedVariant[];
  /** Whether the product itself or any of its variants changes. */
  changed: boolean;
}

export interface ImportPlan {
  rows: number;
  products: PlannedProduct[];
  missing: { categories: string[]; attributeValues: CsvAttribute[] };
  problems: CsvProblem[];
  productCounts: { create: number; update: number; unchanged: number };
  variantCounts: { create: number; update: number; unchanged: number };
}

/**
 * What importing `rows` would change in `catalogue`: products matched by pid, variants by name within
 * their product. `baseline` is each existing variant's stock as the preview read it: a file's stock
 * moves the variant by its difference from that level, so sales made since the preview still count.
 * Rows with problems from the reading are expected to be left out by the caller.
 */
export function planImport(
  rows: readonly ImportRow[],
  catalogue: CatalogueSnapshot,
  baseline: Readonly<Record<string, number>> = {},
): ImportPlan {
  const problems: CsvProblem[] = [];
  const byPid = new Map(catalogue.products.map((p) => [p.pid.toUpperCase(), p]));
  const categoryById = new Map(catalogue.categories.map((c) => [c.id, c]));
  const categoryId = new Map<string, string>();
  for (const c of catalogue.categories) categoryId.set(key(c.slug), c.id);
  for (const c of catalogue.categories) categoryId.set(key(c.name), c.id);
  const attributeByName = new Map(catalogue.attributes.map((a) => [key(a.name), a]));
  const missingCategories = new Map<string, string>();
  const missingValues = new Map<string, CsvAttribute>();

  const groups = new Map<string, ImportRow[]>();
  for (const r of rows) {
    const k = productKey(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }

  const products: PlannedProduct[] = [];
  let newWithoutPid: ImportRow | null = null;
  let newCount = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    const existing = first.pid ? byPid.get(first.pid) : undefined;
    if (first.pid && !existing) {
      problems.push(
        blocking(
          first.row,
          'pid',
          `no product has the code ${first.pid}; leave pid blank to create a new product`,
        ),
      );
      continue;
    }
    if (!first.pid) {
      newWithoutPid ??= first;
      newCount += 1;
    }
    // A product's fields: the first row that fills them (the reading refused rows that disagree).
    const pick = <T>(get: (r: ImportRow) => T | undefined, filled: (v: T) => boolean) => {
      const all = group.map(get).filter((v): v is T => v !== undefined);
      return all.find(filled) ?? all[0];
    };
    const description = pick(
      (r) => r.description,
      (d) => d !== '',
    );
    const categories = pick(
      (r) => r.categories,
      (c) => c.length > 0,
    );
    const visible = pick(
      (r) => r.visible,
      () => true,
    );
    const variantCount = new Set([
      ...group.map((r) => key(r.variant)),
      ...(existing?.variants.map((v) => key(v.name)) ?? []),
    ]).size;
    if (variantCount > VARIANTS_MAX)
      problems.push(
        blocking(
          first.row,
          'variant',
          `${label(first)} would have ${variantCount} variants; at most ${VARIANTS_MAX}`,
        ),
      );
    if (
      variantCount > 1 &&
      existing?.variants.some((v) => v.name.trim() === '' && !group.some((r) => key(r.variant) === ''))
    )
      problems.push(
        blocking(
          first.row,
          'variant',
          `${label(first)} has a variant without a name, so it cannot have more: name that variant in the product form first`,
        ),
      );
    for (const r of group) {
      if (r.variant === '' && variantCount > 1)
        problems.push(
          blocking(r.row, 'variant', `empty, but ${label(r)} has several variants, so each needs a name`),
        );
    }

    // Categories by name or slug; the missing ones are named so confirming may create them.
    const categoryKeys: string[] = [];
    for (const c of categories ?? []) {
      const id = categoryId.get(key(c));
      if (id) {
        if (!categoryKeys.includes(`id:${id}`)) categoryKeys.push(`id:${id}`);
        continue;
      }
      if (!missingCategories.has(key(c))) {
        missingCategories.set(key(c), c);
        problems.push({
          row: first.row,
          column: 'categories',
          message: `row ${first.row}: category '${c}' does not exist — create it or fix the name`,
          blocking: false,
        });
      }
      if (!categoryKeys.includes(`new:${key(c)}`)) categoryKeys.push(`new:${key(c)}`);
    }
    const categoryNames = (keys: string[]) =>
      keys.map((k) =>
        k.startsWith('id:') ? categoryById.get(k.slice(3))!.name : missingCategories.get(k.slice(4))!,
      );

    const set: PlannedProduct['set'] = {};
    const productChanges: string[] = [];
    if (!existing) {
      set.name = first.name;
      set.description = description ?? '';
      set.hidden = visible === false;
      set.categories = categoryNames(categoryKeys);
    } else {
      if (first.name !== existing.name) {
        set.name = first.name;
        productChanges.push(`name ${quoted(existing.name)} → ${quoted(first.name)}`);
      }
      if (description && description !== existing.description.trim()) {
        set.description = description;
        productChanges.push('description');
      }
      if (visible !== undefined && visible === existing.hidden) {
        set.hidden = !visible;
        productChanges.push(visible ? 'shown' : 'hidden');
      }
      if (categories?.length) {
        const now = existing.categoryIds.map((id) => `id:${id}`);
        const same = now.length === categoryKeys.length && now.every((k) => categoryKeys.includes(k));
        if (!same) {
          set.categories = categoryNames(categoryKeys);
          const before = categoryNames(now).join(', ') || 'none';
          productChanges.push(`categories ${before} → ${set.categories.join(', ') || 'none'}`);
        }
      }
    }

    const planned: PlannedVariant[] = [];
    for (const r of group) {
      const current = existing?.variants.find((v) => key(v.name) === key(r.variant));
      for (const a of r.attributes ?? []) {
        const attr = attributeByName.get(key(a.attribute));
        if (attr?.values.some((v) => key(v.value) === key(a.value))) continue;
        const k = `${key(a.attribute)}\u0000${key(a.value)}`;
        if (missingValues.has(k)) continue;
        missingValues.set(k, { attribute: attr?.name ?? a.attribute, value: a.value });
        problems.push({
          row: r.row,
          column: 'attributes',
          message: attr
            ? `row ${r.row}: '${attr.name}' has no value '${a.value}' — it will be added, or fix the value`
            : `row ${r.row}: attribute '${a.attribute}' does not exist — create it or fix the name`,
          blocking: false,
        });
      }
      if (!current) {
        planned.push({
          row: r.row,
          id: null,
          name: r.variant,
          price: r.price,
          available: r.available ?? true,
          attributes: r.attributes ?? [],
          stockChange: r.stock,
          stockAfter: r.stock,
          changes: [`price ${r.price}`, `stock ${r.stock}`],
        });
        continue;
      }
      const v: PlannedVariant = {
        row: r.row,
        id: current.id,
        name: current.name,
        stockChange: 0,
        stockAfter: current.quantity,
        changes: [],
      };
      if (r.price !== current.price) {
        v.price = r.price;
        v.changes.push(`price ${current.price} → ${r.price}`);
      }
      const from = baseline[current.id] ?? current.quantity;
      if (r.stock !== from) {
        v.stockChange = r.stock - from;
        v.stockAfter = current.quantity + v.stockChange;
        v.changes.push(`stock ${current.quantity} → ${v.stockAfter}`);
        if (v.stockAfter < 0)
          problems.push(
            blocking(
              r.row,
              'stock',
              `${current.quantity} units are on sale now (${from} when the file was checked): setting ${r.stock} would take the stock below 0`,
            ),
          );
      }
      if (r.available !== undefined && r.available !== current.available) {
        v.available = r.available;
        v.changes.push(r.available ? 'available' : 'not available');
      }
      if (r.attributes?.length) {
        const words = (list: CsvAttribute[]) => list.map((a) => `${a.attribute}: ${a.value}`);
        const norm = (list: CsvAttribute[]) => words(list).map(key).sort().join('|');
        if (norm(r.attributes) !== norm(current.attributes)) {
          v.attributes = r.attributes;
          v.changes.push(
            `attributes ${words(current.attributes).join(', ') || 'none'} → ${words(r.attributes).join(', ') || 'none'}`,
          );
        }
      }
      planned.push(v);
    }
    const changed = !existing || productChanges.length > 0 || planned.some((v) => v.changes.length > 0);
    products.push({
      row: first.row,
      id: existing?.id ?? null,
      pid: existing?.pid ?? '',
      name: first.name,
      set,
      changes: productChanges,
      variants: planned,
      changed,
    });
  }
  if (newWithoutPid) {
    problems.push({
      row: newWithoutPid.row,
      column: 'pid',
      message:
        `row ${newWithoutPid.row}: ${newCount} product${newCount > 1 ? 's have' : ' has'} no pid, so confirming creates ` +
        `${newCount > 1 ? 'them' : 'it'}; importing this same file again would create ${newCount > 1 ? 'them' : 'it'} again (export the products to get their codes)`,
      blocking: false,
    });
  }

  const count = <T>(list: T[], created: (x: T) => boolean, changed: (x: T) => boolean) => ({
    create: list.filter(created).length,
    update: list.filter((x) => !created(x) && changed(x)).length,
    unchanged: list.filter((x) => !created(x) && !changed(x)).length,
  });
  const allVariants = products.flatMap((p) => p.variants);
  return {
    rows: rows.length,
    products,
    missing: { categories: [...missingCategories.values()], attributeValues: [...missingValues.values()] },
    problems: problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)),
    productCounts: count(
      products,
      (p) => p.id === null,
      (p) => p.changed,
    ),
    variantCounts: count(
      allVariants,
      (v) => v.id === null,
      (v) => v.changes.length > 0,
    ),
  };
}

/** The problems of the reading and the plan together, sorted by row, at most 200 listed. */
export function previewProblems(...lists: CsvProblem[][]): { problems: CsvProblem[]; problemCount: number } {
  const all = lists.flat().sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { problems: all.slice(0, LISTED_MAX), problemCount: all.length };
}

/** The rows that create or change something, in row order, at most 200 (the preview's `changes`). */
export function previewChanges(plan: ImportPlan) {
  return plan.products
    .flatMap((p) =>
      // The product's own changes are listed on its first row, with that row's variant.
      p.variants
        .map((v, i) => ({ v, fields: i === 0 ? [...p.changes, ...v.changes] : v.changes }))
        .filter(({ v, fields }) => v.id === null || fields.length > 0)
        .map(({ v, fields }) => ({
          row: v.row,
          pid: p.pid,
          name: p.name,
          variant: v.name,
          action: (v.id === null ? 'create' : 'update') as 'create' | 'update',
          fields,
        })),
    )
    .sort((a, b) => a.row - b.row)
    .slice(0, LISTED_MAX);
}

/** The activity entry's summary for a product an import changed. */
export function importedSummary(fileName: string, product: PlannedProduct): string {
  if (product.id === null) return `Created by ${importNote(fileName)}`;
  const fields = [
    ...product.changes,
    ...product.variants.flatMap((v) => v.changes.map((c) => (v.name ? `${v.name}: ${c}` : c))),
  ];
  const shown = fields.slice(0, 6).join('; ');
  return `Changed by ${importNote(fileName)}: ${shown}${fields.length > 6 ? `; and ${fields.length - 6} more` : ''}`;
}

// ── Writing (the export and the template) ───────────────────────────────────────────────────────

/** A product as the export writes it: its categories by name and its active variants in order. */
export interface CsvProduct {
  pid: string;
  name: string;
  description: string;
  hidden: boolean;
  categories: { name: string; slug: string }[];
  variants: {
    name: string;
    price: number;
    quantity: number;
    available: boolean;
    attributes: CsvAttribute[];
  }[];
}

/** The CSV of `products`: one row per variant, in the import's columns, formula-like cells guarded. */
export function writeCatalogueCsv(products: readonly CsvProduct[]): string {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  const data = products.flatMap((p) =>
    p.variants.map((v) => [
      p.pid,
      p.name,
      p.description,
      // A name with a | in it would split: its slug says the same.
      p.categories.map((c) => (c.name.includes('|') ? c.slug : c.name)).join('|'),
      v.name,
      v.price,
      v.quantity,
      yes(v.available),
      v.attributes.map((a) => `${a.attribute}: ${a.value}`).join('|'),
      yes(!p.hidden),
    ]),
  );
  // The guard must look at the first character only (papaparse's default pattern misses a cell that
  // goes on over several lines), and the import takes the apostrophe off again.
  return (
    Papa.unparse(
      { fields: [...CATALOGUE_CSV_COLUMNS], data },
      { escapeFormulae: /^[=+\-@\t\r]/, newline: '\r\n' },
    ) + '\r\n'
  );
}

/** The export's file name: the Nairobi date it was made. */
export const exportFileName = (nairobiDay: string) => `sokoni-products-${nairobiDay}.csv`;
export const TEMPLATE_FILE_NAME = 'sokoni-products-template.csv';

/** What a category an import creates looks like until someone edits it. */
export const IMPORTED_CATEGORY_LOOK = { icon: 'mdiTagOutline', color: 'gray' } as const;

/** How long a preview may be confirmed. */
export const IMPORT_PREVIEW_TTL_MS = 3600_000;

// ── Refusals (the server throws them, the mocks answer them) ────────────────────────────────────

/** A file refused as a whole (not CSV, not UTF-8, columns missing, too large, too many rows, empty). */
export const badFile = (message: string): Refusal => ({ status: 400, code: 'bad_file', message });

/** An unknown import id, or a preview older than an hour. */
export const IMPORT_NOT_FOUND: Refusal = {
  status: 404,
  code: 'not_found',
  message:
    'This import was not found or has expired (a preview can be confirmed for an hour): upload the file again.',
};

export const IMPORT_APPLIED: Refusal = {
  status: 409,
  code: 'import_applied',
  message: 'This import has been confirmed already.',
};

/** Confirming without createMissing while the file names categories or values the shop lacks. */
export function importMissing(missing: ImportPlan['missing']): Refusal {
  const names = [
    ...missing.categories.map((c) => `category '${c}'`),
    ...missing.attributeValues.map((a) => `'${a.attribute}: ${a.value}'`),
  ];
  const listed = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  return {
    status: 409,
    code: 'import_missing',
    message: `The file names what the shop does not have (${listed}): confirm with "create missing" to create them, or fix the file and upload it again.`,
  };
}

/** The catalogue changed since the preview so that a row no longer fits. */
export const importChanged = (problem: CsvProblem): Refusal => ({
  status: 409,
  code: 'import_changed',
  message: `The catalogue changed since the preview: ${problem.message}. Upload the file again.`,
});
