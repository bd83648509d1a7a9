import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  planImport,
  readCatalogueCsv,
  writeCatalogueCsv,
  type CatalogueSnapshot,
  type CsvProduct,
} from './catalogue-csv';

const HEADER = CATALOGUE_CSV_COLUMNS.join(',');
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => {
  const r = readCatalogueCsv(bytes(text));
  if (!r.ok) throw new Error(r.message);
  return r;
};

const catalogue: CatalogueSnapshot = {
  products: [
    {
      id: 'p1',
      pid: 'SKN-10001',
      name: 'Whole Tilapia',
      description: 'From the lake.',
      hidden: false,
      categoryIds: ['c1'],
      variants: [
        {
          id: 'v1',
          name: 'Small',
          price: 300,
          quantity: 40,
          available: true,
          attributes: [{ attribute: 'Size', value: 'Small' }],
        },
        {
          id: 'v2',
          name: 'Large',
          price: 650,
          quantity: 18,
          available: true,
          attributes: [{ attribute: 'Size', value: 'Large' }],
        },
      ],
    },
    {
      id: 'p2',
      pid: 'SKN-10002',
      name: 'Omena',
      description: '',
      hidden: true,
      categoryIds: [],
      variants: [{ id: 'v3', name: '', price: 120, quantity: 5, available: true, attributes: [] }],
    },
  ],
  categories: [{ id: 'c1', name: 'Fresh Fish', slug: 'fresh-fish' }],
  attributes: [
    {
      id: 'a1',
      name: 'Size',
      values: [
        { id: 'small', value: 'Small' },
        { id: 'large', value: 'Large' },
      ],
    },
  ],
};

describe('reading a catalogue CSV', () => {
  it('takes a semicolon file with a BOM and matches header names in any case and order', () => {
    const r = read(`\ufeffPRICE;Pid;Name;Variant;Stock\r\n320;skn-10001;Whole Tilapia;Small;40\r\n`);
    expect(r.columns).toEqual(['pid', 'name', 'variant', 'price', 'stock']);
    expect(r.rows).toEqual([
      { row: 2, pid: 'SKN-10001', name: 'Whole Tilapia', variant: 'Small', price: 320, stock: 40 },
    ]);
  });

  it('numbers rows as a spreadsheet does, blank lines and quoted line breaks included', () => {
    const r = read(`${HEADER}\n,"Two\nlines",,,,10,1,,,\n\n,Third,,,,oops,1,,,\n`);
    expect(r.rows.map((x) => x.row)).toEqual([2]);
    expect(r.problems.map((p) => p.message)).toEqual([
      "row 4, price: 'oops' is not a whole number of shillings",
    ]);
    expect(r.rowCount).toBe(2);
  });

  it('refuses a file without text, in another encoding, or without the required columns', () => {
    const refusal = (b: Uint8Array) => {
      const r = readCatalogueCsv(b);
      return r.ok ? null : r.message;
    };
    expect(refusal(new Uint8Array())).toBe('The file is empty.');
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toMatch(/not a CSV file/);
    expect(refusal(new Uint8Array([0x70, 0x69, 0x64, 0x0a, 0x43, 0x61, 0x66, 0xe9]))).toMatch(/not UTF-8/);
    expect(refusal(bytes('pid,name,variant\r\n'))).toMatch(/lacks the required columns “price”, “stock”/);
    expect(refusal(bytes('pid,name,name,variant,price,stock\r\n'))).toMatch(/column “name” twice/);
  });

  it('refuses formula-like cells but not numbers, and takes the export’s apostrophe off', () => {
    const r = read(`${HEADER}\r\n,'=1+2 jar,@home,,,10,1,,,\r\n`);
    expect(r.problems.map((p) => `${p.column}: ${p.message}`)).toEqual([
      "description: row 2, description: '@home' starts like a spreadsheet formula (= + - @): remove that first character",
    ]);
    expect(read(`${HEADER}\r\n,'=1+2 jar,-5,,,10,1,,,\r\n`).rows[0]).toMatchObject({
      name: '=1+2 jar',
      description: '-5',
    });
  });

  it('lists duplicates: a variant twice, and one code for two products', () => {
    const r = read(
      `${HEADER}\r\nSKN-1,A,,,x,1,1,,,\r\nSKN-1,A,,,X ,2,1,,,\r\nSKN-1,B,,,y,1,1,,,\r\n,New,d1,,a,1,1,,,\r\n,new,d2,,b,1,1,,,\r\n`,
    );
    expect(r.problems.map((p) => `${p.row} ${p.column}`)).toEqual(['3 variant', '4 pid', '6 description']);
  });
});

describe('planning an import', () => {
  it('changes only what differs; a blank cell keeps what an existing product has', () => {
    const r = read(
      `${HEADER}\r\nSKN-10001,Whole Tilapia,,,small,310,40,,,\r\nSKN-10001,Whole Tilapia,,,Large,650,18,,,\r\nSKN-10002,Omena,,,,120,5,,,yes\r\n`,
    );
    const plan = planImport(r.rows, catalogue);
    expect(plan.productCounts).toEqual({ create: 0, update: 2, unchanged: 0 });
    expect(plan.variantCounts).toEqual({ create: 0, update: 1, unchanged: 2 });
    expect(plan.products.map((p) => [p.set, p.changes, p.variants.map((v) => v.changes)])).toEqual([
      [{}, [], [['price 300 → 310'], []]],
      [{ hidden: false }, ['shown'], [[]]],
    ]);
  });

  it('moves stock by the difference from the preview’s level, and refuses going below 0', () => {
    const r = read(
      `${HEADER}\r\nSKN-10001,Whole Tilapia,,,Small,300,45,,,\r\nSKN-10001,Whole Tilapia,,,Large,650,0,,,\r\n`,
    );
    // Since the preview (40 and 18), 10 Small and 1 Large were sold: 30 and 17 are on sale now.
    const now = structuredClone(catalogue);
    now.products[0]!.variants[0]!.quantity = 30;
    now.products[0]!.variants[1]!.quantity = 17;
    const plan = planImport(r.rows, now, { v1: 40, v2: 20 });
    expect(plan.products[0]!.variants.map((v) => [v.stockChange, v.stockAfter])).toEqual([
      [5, 35],
      [-20, -3],
    ]);
    expect(plan.problems.map((p) => p.message)).toEqual([
      'row 3, stock: 17 units are on sale now (20 when the file was checked): setting 0 would take the stock below 0',
    ]);
  });

  it('names missing categories and attribute values without blocking, and refuses unknown codes', () => {
    const r = read(
      `${HEADER}\r\n,Dagaa,,Dried fish|fresh-fish,,80,3,,Size: Jumbo|Origin: Lake,\r\nSKN-99999,Ghost,,,,1,1,,,\r\n`,
    );
    const plan = planImport(r.rows, catalogue);
    expect(plan.missing).toEqual({
      categories: ['Dried fish'],
      attributeValues: [
        { attribute: 'Size', value: 'Jumbo' },
        { attribute: 'Origin', value: 'Lake' },
      ],
    });
    expect(plan.problems.map((p) => [p.row, p.column, p.blocking])).toEqual([
      [2, 'categories', false],
      [2, 'attributes', false],
      [2, 'attributes', false],
      [2, 'pid', false],
      [3, 'pid', true],
    ]);
    expect(plan.products[0]!.set.categories).toEqual(['Dried fish', 'Fresh Fish']);
  });

  it('refuses a second variant beside an unnamed one, and an unnamed one among several', () => {
    const r = read(
      `${HEADER}\r\nSKN-10002,Omena,,,Large pack,200,5,,,\r\n,Mixed,,,,10,1,,,\r\n,Mixed,,,Big,20,1,,,\r\n`,
    );
    expect(
      planImport(r.rows, catalogue)
        .problems.filter((p) => p.blocking)
        .map((p) => [p.row, p.column]),
    ).toEqual([
      [2, 'variant'],
      [3, 'variant'],
    ]);
  });
});

describe('writing the export', () => {
  it('writes the columns, guards formula-like cells (over several lines too) and reads back the same', () => {
    const product: CsvProduct = {
      pid: 'SKN-10001',
      name: 'Tilapia, whole',
      description: '-fresh\n=really',
      hidden: true,
      categories: [
        { name: 'Fresh Fish', slug: 'fresh-fish' },
        { name: 'A|B', slug: 'a-b' },
      ],
      variants: [
        {
          name: 'Small',
          price: 300,
          quantity: 0,
          available: false,
          attributes: [{ attribute: 'Size', value: 'Small' }],
        },
      ],
    };
    const text = writeCatalogueCsv([product]);
    expect(text).toBe(
      `${HEADER}\r\nSKN-10001,"Tilapia, whole","'-fresh\n=really",Fresh Fish|a-b,Small,300,0,no,Size: Small,no\r\n`,
    );
    expect(read(text).rows).toEqual([
      {
        row: 2,
        pid: 'SKN-10001',
        name: 'Tilapia, whole',
        description: '-fresh\n=really',
        categories: ['Fresh Fish', 'a-b'],
        variant: 'Small',
        price: 300,
        stock: 0,
        available: false,
        attributes: [{ attribute: 'Size', value: 'Small' }],
        visible: false,
      },
    ]);
  });
});
