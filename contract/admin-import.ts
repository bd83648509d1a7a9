import { z } from 'zod';
import { Uuid } from './common';
import { AdminProductQuery } from './admin-products';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_MAX } from './catalogue-csv';

// The catalogue's CSV import and export (issue 29): the upload form, the preview, the confirmation
// and its result. The CSV's columns and every rule about its content are zod-free, in
// contract/catalogue-csv.ts, which the server and the mocks both apply.
//
// Under /api, admin only, answers in the `{ data }` envelope unless noted:
//   POST /v1/admin/products/import                     multipart `file` → ImportPreview
//                                                      (400 `bad_file` for a file refused as a whole)
//   POST /v1/admin/products/import/{importId}/confirm  ImportConfirm → ImportResult
//                                                      (404 unknown or expired, 409 applied / `import_missing` / changed)
//   GET  /v1/admin/products/import/template            → text/csv attachment sokoni-products-template.csv
//   GET  /v1/admin/products/export?q=&categoryId=&status=&sort=  → text/csv attachment sokoni-products-YYYY-MM-DD.csv

/** The multipart form of the preview: one `file` part, the CSV. */
export const ImportUploadForm = z
  .strictObject({
    file: z.file('Choose a CSV file to import.').meta({
      type: 'string',
      format: 'binary',
      description: `The CSV, at most ${IMPORT_BYTES_MAX / 1024 / 1024} MB and ${IMPORT_ROWS_MAX} rows`,
    }),
  })
  .meta({ id: 'ImportUploadForm' });
export type ImportUploadForm = z.infer<typeof ImportUploadForm>;

const Counts = z.object({
  create: z.number().int().nonnegative(),
  update: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});

/** One problem of the file, by row (the header is row 1) and column when it has them. */
const ImportProblem = z
  .object({
    row: z.number().int().positive().nullable(),
    column: z.string().nullable(),
    /** The whole sentence, e.g. "row 214, price: 'KSh 1,200' is not a whole number of shillings". */
    message: z.string(),
    /** A blocking problem stops the import; the others (missing categories, values) do not. */
    blocking: z.boolean(),
  })
  .meta({ id: 'ImportProblem' });

/** One row that creates or changes something, with its changes in words ("price 120 → 150"). */
const ImportChange = z
  .object({
    row: z.number().int().positive(),
    /** '' for a new product (the shop gives it the next code on confirmation). */
    pid: z.string(),
    name: z.string(),
    variant: z.string(),
    action: z.enum(['create', 'update']),
    fields: z.array(z.string()),
  })
  .meta({ id: 'ImportChange' });

/** `POST /v1/admin/products/import`: what confirming would do; nothing has changed yet. */
export const ImportPreview = z
  .object({
    /** null when a blocking problem exists (nothing can be confirmed). */
    importId: Uuid.nullable(),
    fileName: z.string(),
    /** Data rows read. */
    rows: z.number().int().nonnegative(),
    products: Counts,
    variants: Counts,
    /** Categories and attribute values the file names that the shop lacks (created on confirmation with createMissing). */
    missing: z.object({
      categories: z.array(z.string()),
      attributeValues: z.array(z.object({ attribute: z.string(), value: z.string() })),
    }),
    /** At most 200 listed; problemCount has the total. */
    problems: z.array(ImportProblem),
    problemCount: z.number().int().nonnegative(),
    /** At most 200 listed, in row order. */
    changes: z.array(ImportChange),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportIdParams = z.object({
  importId: Uuid.meta({ param: { name: 'importId', in: 'path' }, description: 'The preview’s importId' }),
});

/** `POST /v1/admin/products/import/{importId}/confirm`. */
export const ImportConfirm = z
  .strictObject({
    /** Create the categories and attribute values the preview listed as missing. */
    createMissing: z.boolean('Say whether to create the missing categories and values (true or false).'),
  })
  .meta({ id: 'ImportConfirm' });
export type ImportConfirm = z.infer<typeof ImportConfirm>;

const Applied = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});

/** What the confirmation did. */
export const ImportResult = z
  .object({
    products: Applied,
    variants: Applied,
    categoriesCreated: z.number().int().nonnegative(),
    attributeValuesCreated: z.number().int().nonnegative(),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResult>;

/** `GET /v1/admin/products/export`: the products list's filters, without paging. */
export const ProductExportQuery = AdminProductQuery.pick({
  q: true,
  categoryId: true,
  status: true,
  sort: true,
}).meta({ id: 'ProductExportQuery' });
export type ProductExportQuery = z.infer<typeof ProductExportQuery>;
