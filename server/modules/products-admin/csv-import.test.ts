import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportPreview, ImportResult } from '../../../contract/admin-import';
import { CATALOGUE_CSV_COLUMNS } from '../../../contract/catalogue-csv';
import { activityLog, categories, productImports, products, stockMovements, variants } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { shopper, staffMember } from '../../test/shop';
import { purgeImports } from './csv-import';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await shopper(ctx, 'admin')).token;
});
afterAll(() => ctx.close());

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', name)));

/** Posts a file as the import page does: multipart, one `file` part. */
function upload(bytes: Uint8Array<ArrayBuffer> | string, name = 'products.csv', as = token) {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type: 'text/csv' }));
  return ctx.request('/api/v1/admin/products/import', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${as}` },
  });
}
const preview = async (bytes: Uint8Array<ArrayBuffer> | string, name?: string) => {
  const res = await upload(bytes, name);
  expect(res.status).toBe(200);
  return ImportPreview.parse((await res.json()).data);
};
const confirm = (importId: string, createMissing = false, as = token) =>
  ctx.request(`/api/v1/admin/products/import/${importId}/confirm`, {
    method: 'POST',
    json: { createMissing },
    headers: { Authorization: `Bearer ${as}` },
  });
const confirmed = async (importId: string, createMissing = false) => {
  const res = await confirm(importId, createMissing);
  expect(res.status, await res.clone().text()).toBe(200);
  return ImportResult.parse((await res.json()).data);
};
const exported = async (query = '') => {
  const res = await ctx.request(`/api/v1/admin/products/export${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return res;
};
const storedImports = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(productImports))[0]!.n;
const variantOf = async (pid: string, name: string) => {
  const [row] = await ctx.database.db
    .select({
      id: variants.id,
      price: variants.price,
      quantity: variants.quantity,
      version: products.version,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.pid, pid), eq(variants.name, name)));
  return row!;
};
const HEADER = CATALOGUE_CSV_COLUMNS.join(',');

describe('a file refused as a whole', () => {
  it.each([
    ['not-csv.png', 'not a CSV file'],
    ['utf16.csv', 'UTF-16'],
    ['latin1.csv', 'not UTF-8'],
    ['missing-columns.csv', 'lacks the required columns “price”, “stock”'],
  ])('%s: 400 bad_file, nothing stored', async (name, words) => {
    const before = await storedImports();
    const res = await upload(fixture(name), name);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('bad_file');
    expect(body.message).toContain(words);
    expect(await storedImports()).toBe(before);
  });

  it('an empty file and a header without rows', async () => {
    for (const file of ['', `${HEADER}\r\n`]) {
      const res = await upload(file);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('bad_file');
    }
  });

  it('more than 20,000 rows', async () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => `,Bulk ${i},,,,10,1,,,`).join('\r\n');
    const res = await upload(`${HEADER}\r\n${rows}\r\n`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('20001 rows; at most 20,000');
  });

  it('more than 10 MB: refused, whether the body limit or the reading sees it first', async () => {
    const big = `${HEADER}\r\n` + `,${'x'.repeat(1000)},,,,10,1,,,\r\n`.repeat(10_600);
    const res = await upload(big);
    expect([400, 413]).toContain(res.status);
    const body = await res.json();
    expect(body.code).toBe('bad_file');
    expect(body.message).toContain('larger than 10 MB');
    const huge = await upload(big + big);
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toContain('larger than 10 MB');
  });

  it('no file part, or a body that is not a form', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await ctx.request('/api/v1/admin/products/import', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_file');
    const json = await ctx.request('/api/v1/admin/products/import', {
      method: 'POST',
      json: { file: 'x' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(json.status).toBe(415);
  });
});

describe('problems by row', () => {
  it('duplicates within the file block the import and name both rows', async () => {
    const before = await storedImports();
    const p = await preview(fixture('duplicates.csv'));
    expect(p.importId).toBeNull();
    expect(p.problems.filter((x) => x.blocking).map((x) => x.message)).toEqual([
      "row 3, variant: SKN-10001 has the variant 'Small' already on row 2; give each variant one row",
      "row 5, pid: the product code SKN-10002 is used again for another product ('Sardines' here, 'Nile Perch Fillet' on row 4)",
    ]);
    expect(await storedImports()).toBe(before);
  });

  it('a cell that starts like a formula is refused; an export-guarded one is read without its apostrophe', async () => {
    const p = await preview(fixture('formula.csv'));
    expect(p.importId).toBeNull();
    expect(p.problems).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'description',
        blocking: true,
        message: expect.stringMatching(
          /^row 2, description: '=HYPERLINK\(.*' starts like a spreadsheet formula/,
        ),
      }),
      expect.objectContaining({ row: 3, column: 'pid', blocking: false }),
    ]);
    expect(p.changes).toEqual([
      { row: 3, pid: '', name: 'Dagaa', variant: '', action: 'create', fields: ['price 180', 'stock 10'] },
    ]);
  });

  it('each bad cell is one sentence naming its row and column', async () => {
    const p = await preview(fixture('row-problems.csv'));
    expect(p.importId).toBeNull();
    expect(p.problems.map((x) => x.message)).toEqual([
      "row 2, price: 'KSh 1,200' is not a whole number of shillings",
      "row 3, stock: '-3' is not a whole number of units",
      "row 3, available: 'maybe' is not yes or no (true/false, 1/0 also do)",
    ]);
    expect(p.rows).toBe(2);
    expect(p.problemCount).toBe(3);
  });
});

describe('importing', () => {
  it('a semicolon file with a BOM: changes only what differs, creates the new product with the next pid', async () => {
    const before = await variantOf('SKN-10001', 'Medium');
    const large = await variantOf('SKN-10001', 'Large');
    const p = await preview(fixture('semicolon-bom.csv'), 'kahawa.csv');
    expect(p.importId).not.toBeNull();
    expect(p.products).toEqual({ create: 1, update: 1, unchanged: 0 });
    expect(p.variants).toEqual({ create: 1, update: 2, unchanged: 0 });
    expect(p.changes).toEqual([
      {
        row: 2,
        pid: 'SKN-10001',
        name: 'Whole Tilapia',
        variant: 'Small',
        action: 'update',
        fields: ['price 300 → 320'],
      },
      {
        row: 3,
        pid: 'SKN-10001',
        name: 'Whole Tilapia',
        variant: 'Large',
        action: 'update',
        fields: [`stock ${large.quantity} → 25`],
      },
      {
        row: 4,
        pid: '',
        name: 'Mandazi (6 pack)',
        variant: '',
        action: 'create',
        fields: ['price 150', 'stock 30'],
      },
    ]);
    // Nothing changed yet.
    expect((await variantOf('SKN-10001', 'Small')).price).toBe(300);

    const result = await confirmed(p.importId!);
    expect(result).toEqual({
      products: { created: 1, updated: 1, unchanged: 0 },
      variants: { created: 1, updated: 2, unchanged: 0 },
      categoriesCreated: 0,
      attributeValuesCreated: 0,
    });
    expect((await variantOf('SKN-10001', 'Small')).price).toBe(320);
    const after = await variantOf('SKN-10001', 'Large');
    expect(after.quantity).toBe(25);
    expect(after.version).toBe(before.version + 1);
    // The untouched variant is as it was.
    expect(await variantOf('SKN-10001', 'Medium')).toEqual({ ...before, version: before.version + 1 });

    const { db } = ctx.database;
    const [mandazi] = await db.select().from(products).where(eq(products.name, 'Mandazi (6 pack)'));
    expect(mandazi!.pid).toMatch(/^SKN-\d+$/);
    const history = await db
      .select({
        kind: stockMovements.kind,
        reason: stockMovements.reason,
        change: stockMovements.change,
        note: stockMovements.note,
      })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, after.id))
      .orderBy(asc(stockMovements.createdAt));
    expect(history.at(-1)).toEqual({
      kind: 'adjustment',
      reason: 'stock_count',
      change: 25 - large.quantity,
      note: 'CSV import kahawa.csv',
    });
    const entries = await db
      .select({ action: activityLog.action, summary: activityLog.summary })
      .from(activityLog)
      .where(eq(activityLog.entityId, mandazi!.id));
    expect(entries).toEqual([{ action: 'imported', summary: 'Created by CSV import kahawa.csv' }]);

    // The search finds the new product at once.
    const found = await ctx.request('/api/v1/search/orama?q=mandazi');
    expect(found.status).toBe(200);
    expect(JSON.stringify(await found.json())).toContain(mandazi!.pid);
  });

  it('the same file twice: the second import changes nothing', async () => {
    const file = `${HEADER}\r\nSKN-10003,Whole Catfish (Mumi),,Fresh Fish,Medium,410,12,yes,Size: Medium,yes\r\n`;
    const first = await preview(file);
    await confirmed(first.importId!);
    const version = (await variantOf('SKN-10003', 'Medium')).version;
    const again = await preview(file);
    expect(again.products).toEqual({ create: 0, update: 0, unchanged: 1 });
    expect(again.changes).toEqual([]);
    const result = await confirmed(again.importId!);
    expect(result.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect((await variantOf('SKN-10003', 'Medium')).version).toBe(version);
  });

  it("stock moves by the file's difference from the preview's level: a sale since the preview still counts", async () => {
    const v = await variantOf('SKN-10002', '1 kg');
    const p = await preview(`${HEADER}\r\nSKN-10002,Nile Perch Fillet,,,1 kg,1150,${v.quantity + 5},,,\r\n`);
    // Two units sold between the preview and the confirmation.
    await ctx.database.db
      .update(variants)
      .set({ quantity: v.quantity - 2 })
      .where(eq(variants.id, v.id));
    await confirmed(p.importId!);
    expect((await variantOf('SKN-10002', '1 kg')).quantity).toBe(v.quantity + 3);
  });

  it('a row that no longer fits when confirmed (the file takes away more than is left) is a 409, and nothing changes', async () => {
    const v = await variantOf('SKN-10002', '500 g');
    const { db } = ctx.database;
    await db.update(variants).set({ quantity: 8 }).where(eq(variants.id, v.id));
    // The file counts the shelf empty (8 → 0) and reprices; then 5 units are sold before it is confirmed.
    const p = await preview(`${HEADER}\r\nSKN-10002,Nile Perch Fillet,,,500 g,779,0,,,\r\n`);
    await db.update(variants).set({ quantity: 3 }).where(eq(variants.id, v.id));
    const refused = await confirm(p.importId!);
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.code).toBe('import_changed');
    expect(body.message).toContain('row 2, stock: 3 units are on sale now (8 when the file was checked)');
    expect(await variantOf('SKN-10002', '500 g')).toMatchObject({ price: v.price, quantity: 3 });
  });

  it('missing categories: 409 import_missing without createMissing, created with it', async () => {
    const file = `${HEADER}\r\n,Terere bunch,Amaranth leaves.,Mboga za Kienyeji,,60,15,yes,Freshness: Picked today,yes\r\n`;
    const p = await preview(file);
    expect(p.missing).toEqual({
      categories: ['Mboga za Kienyeji'],
      attributeValues: [{ attribute: 'Freshness', value: 'Picked today' }],
    });
    expect(p.problems.filter((x) => !x.blocking).map((x) => x.message)).toContain(
      "row 2: category 'Mboga za Kienyeji' does not exist — create it or fix the name",
    );
    const refused = await confirm(p.importId!, false);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('import_missing');
    const result = await confirmed(p.importId!, true);
    expect(result.categoriesCreated).toBe(1);
    expect(result.attributeValuesCreated).toBe(1);
    const [cat] = await ctx.database.db
      .select()
      .from(categories)
      .where(eq(categories.name, 'Mboga za Kienyeji'));
    expect(cat!.slug).toBe('mboga-za-kienyeji');
  });

  it('confirming twice is a 409; an unknown or expired import a 404; a bad id or body a 400', async () => {
    const p = await preview(`${HEADER}\r\nSKN-10003,Whole Catfish (Mumi),,,Large,620,0,,,\r\n`);
    await confirmed(p.importId!);
    const twice = await confirm(p.importId!);
    expect(twice.status).toBe(409);
    expect((await twice.json()).code).toBe('import_applied');
    expect((await confirm(randomUUID())).status).toBe(404);
    expect((await confirm('not-a-uuid')).status).toBe(400);
    const stale = await preview(`${HEADER}\r\nSKN-10003,Whole Catfish (Mumi),,,Large,630,0,,,\r\n`);
    await ctx.database.db
      .update(productImports)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(productImports.id, stale.importId!));
    expect((await confirm(stale.importId!)).status).toBe(404);
    const badBody = await ctx.request(`/api/v1/admin/products/import/${stale.importId}/confirm`, {
      method: 'POST',
      json: { createMissing: 'yes' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(badBody.status).toBe(400);
    // Housekeeping deletes them a day later.
    await purgeImports(ctx.database.db, new Date(Date.now() + 25 * 3600_000));
    expect(await storedImports()).toBe(0);
  });

  it('the fulfilment role may neither import nor export', async () => {
    const staff = await staffMember(ctx, 'fulfilment');
    const res = await upload(fixture('semicolon-bom.csv'), 'x.csv', staff.token);
    expect(res.status).toBe(403);
    expect((await staff.call.get('/admin/products/export')).status).toBe(403);
    expect((await staff.call.get('/admin/products/import/template')).status).toBe(403);
  });

  it('all or nothing: a failure half-way leaves the catalogue as it was, and the import confirmable', async () => {
    const { db } = ctx.database;
    const before = await variantOf('SKN-10001', 'Medium');
    const file =
      `${HEADER}\r\n,Half-way loaf,,Bakery,,90,5,,,\r\n` +
      `SKN-10001,Whole Tilapia,,,Medium,${before.price + 1},${before.quantity},,,\r\n`;
    const p = await preview(file);
    await db.execute(sql`
      create function refuse_import_price() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db.execute(sql`
      create trigger refuse_import_price before update of price on variants
      for each row when (new.price = ${sql.raw(String(before.price + 1))}) execute function refuse_import_price()`);
    try {
      const res = await confirm(p.importId!);
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_import_price on variants`);
      await db.execute(sql`drop function refuse_import_price()`);
    }
    expect(await variantOf('SKN-10001', 'Medium')).toEqual(before);
    expect(await db.select().from(products).where(eq(products.name, 'Half-way loaf'))).toEqual([]);
    await confirmed(p.importId!);
    expect((await variantOf('SKN-10001', 'Medium')).price).toBe(before.price + 1);
  });
});

describe('export → edit → import', () => {
  it('the round trip changes exactly what was edited', async () => {
    const res = await exported('?sort=name');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sokoni-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    const rows = Papa.parse<string[]>(text.trim()).data;
    expect(rows[0]).toEqual([...CATALOGUE_CSV_COLUMNS]);
    // Unchanged, it changes nothing.
    const same = await preview(text);
    expect(same.problems.filter((x) => x.blocking)).toEqual([]);
    expect(same.products.create + same.products.update).toBe(0);
    expect(same.variants.unchanged).toBe(rows.length - 1);

    // Two prices and one stock edited, one new product added.
    const edited = rows.map((r) => [...r]);
    const [a, b, c] = [edited[1]!, edited[5]!, edited[9]!];
    a[5] = String(Number(a[5]) + 10);
    b[5] = String(Number(b[5]) + 20);
    c[6] = String(Number(c[6]) + 7);
    edited.push(['', 'Round trip rolls', 'Soft rolls.', 'Bakery', '', '120', '8', 'yes', '', 'yes']);
    const file = Papa.unparse(edited, { newline: '\r\n' }) + '\r\n';
    const p = await preview(file);
    expect(p.changes.map((x) => [x.row, x.fields])).toEqual([
      [2, [`price ${Number(a[5]) - 10} → ${a[5]}`]],
      [6, [`price ${Number(b[5]) - 20} → ${b[5]}`]],
      [10, [`stock ${Number(c[6]) - 7} → ${c[6]}`]],
      [edited.length, ['price 120', 'stock 8']],
    ]);
    await confirmed(p.importId!);
    const after = Papa.parse<string[]>((await (await exported('?sort=name')).text()).trim()).data;
    const newPid = after.find((r) => r[1] === 'Round trip rolls')![0]!;
    expect(newPid).toMatch(/^SKN-\d+$/);
    const expected = edited.map((r) => (r[1] === 'Round trip rolls' ? [newPid, ...r.slice(1)] : r));
    const byKey = (list: string[][]) =>
      [...list].sort((x, y) => `${x[0]}|${x[4]}`.localeCompare(`${y[0]}|${y[4]}`));
    expect(byKey(after)).toEqual(byKey(expected));
  });

  it('guards formula-like cells with an apostrophe that the import takes off again', async () => {
    const p = await preview(`${HEADER}\r\n,'-Minus chips,'@home snack,,,55,3,,,\r\n`);
    expect(p.problems.filter((x) => x.blocking)).toEqual([]);
  });

  it('the template is the sample catalogue, and imports without a blocking problem', async () => {
    const res = await ctx.request('/api/v1/admin/products/import/template', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="sokoni-products-template.csv"',
    );
    const text = await res.text();
    expect(text.split('\r\n')[1]).toMatch(/^SKN-10001,Whole Tilapia,/);
    const p = await preview(text);
    expect(p.problems.filter((x) => x.blocking)).toEqual([]);
  });
});
