// @vitest-environment node
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ImportPreview, ImportResult } from '../../contract/admin-import';
import { CATALOGUE_CSV_COLUMNS } from '../../contract/catalogue-csv';
import { ErrorBody } from '../../contract/common';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { adminProductHandlers } from './admin-products';
import { productImportHandlers } from './product-import';

serveMocks(...productImportHandlers, ...adminProductHandlers);

const token = () => tokenOf('admin');
const HEADER = CATALOGUE_CSV_COLUMNS.join(',');
const upload = (text: string) => {
  const form = new FormData();
  form.append('file', new File([text], 'mock.csv', { type: 'text/csv' }));
  return mockFetch('POST', '/v1/admin/products/import', form, { token: token() });
};
const exportCsv = async () => {
  const res = await mockFetch('GET', '/v1/admin/products/export?sort=name', undefined, { token: token() });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return Papa.parse<string[]>((await res.text()).trim()).data;
};

describe('the mocked catalogue CSV', () => {
  it('exports the catalogue, and an edited export imports exactly the edit', async () => {
    const rows = await exportCsv();
    expect(rows[0]).toEqual([...CATALOGUE_CSV_COLUMNS]);
    const edited = rows.map((r) => [...r]);
    edited[1]![5] = String(Number(edited[1]![5]) + 25);
    const res = await upload(Papa.unparse(edited, { newline: '\r\n' }));
    expect(res.status).toBe(200);
    const preview = ImportPreview.parse((await res.json()).data);
    expect(preview.changes).toEqual([
      expect.objectContaining({
        row: 2,
        action: 'update',
        fields: [`price ${Number(rows[1]![5])} → ${edited[1]![5]}`],
      }),
    ]);
    const confirmed = await mockFetch(
      'POST',
      `/v1/admin/products/import/${preview.importId}/confirm`,
      { createMissing: false },
      { token: token() },
    );
    expect(ImportResult.parse((await confirmed.json()).data).products.updated).toBe(1);
    expect(await exportCsv()).toEqual(edited);
    const twice = await mockFetch(
      'POST',
      `/v1/admin/products/import/${preview.importId}/confirm`,
      { createMissing: false },
      { token: token() },
    );
    expect(twice.status).toBe(409);
    expect(ErrorBody.parse(await twice.json()).code).toBe('import_applied');
  });

  it('refuses a file that is not UTF-8 as a whole, and lists a formula cell by row', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array([0x70, 0x69, 0x64, 0xe9, 0x0a])], 'latin1.csv'));
    const bad = await mockFetch('POST', '/v1/admin/products/import', form, { token: token() });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(await bad.json()).code).toBe('bad_file');
    const formula = ImportPreview.parse(
      (await (await upload(`${HEADER}\r\n,=cmd,,,,10,1,,,\r\n`)).json()).data,
    );
    expect(formula.importId).toBeNull();
    expect(formula.problems[0]!.message).toMatch(/^row 2, name: '=cmd' starts like a spreadsheet formula/);
    expect(mockDb.catalogue.products.some((p) => p.name === '=cmd')).toBe(false);
  });

  it('lets the fulfilment role neither import nor export', async () => {
    const res = await mockFetch('GET', '/v1/admin/products/export', undefined, { token: tokenOf('packer') });
    expect(res.status).toBe(403);
  });
});
