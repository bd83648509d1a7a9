import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ImportConfirm,
  ImportIdParams,
  ImportPreview,
  ImportResult,
  ImportUploadForm,
  ProductExportQuery,
} from '../../../contract/admin-import';
import {
  IMPORT_APPLIED,
  IMPORT_BYTES_MAX,
  IMPORT_NOT_FOUND,
  IMPORT_ROWS_MAX,
  TEMPLATE_FILE_NAME,
} from '../../../contract/catalogue-csv';
import { bearerSecurity } from '../../lib/auth/middleware';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/http';
import { adminTags, badId, body, error, ok, signedOut } from '../../lib/openapi';

// The catalogue's CSV import and export, under /v1/admin/products beside the list (server/app.ts
// lets the import's upload past the API-wide body limit: it has its own, below).

/** Where the import's preview is posted, under /api. */
export const IMPORT_PATH = '/api/v1/admin/products/import';

const CSV_TYPE = 'text/csv';
const MB = 1024 * 1024;
const TOO_LARGE = `The file is larger than ${IMPORT_BYTES_MAX / MB} MB.`;

/** The file at its largest and the multipart framing; anything bigger is cut off as it streams in. */
export const importBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: IMPORT_BYTES_MAX + 64 * 1024,
  onError: () => {
    throw new AppError(413, 'bad_file', TOO_LARGE);
  },
});

/** The preview's body must be a multipart form; anything else is refused unread. */
export const multipartOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('Content-Type') ?? '')) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the CSV as multipart/form-data, in a `file` part.',
    );
  }
  await next();
};

const csvFile = (description: string) => ({
  description,
  content: { [CSV_TYPE]: { schema: z.string().meta({ description: 'RFC 4180 CSV with a header row' }) } },
});

export const previewImportRoute = createRoute({
  method: 'post',
  path: '/import',
  operationId: 'previewProductImport',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Reads a catalogue CSV and answers what importing it would change; changes nothing',
  description:
    `One row per variant (columns and rules: README, "Importing and exporting the catalogue"); UTF-8 with ` +
    `or without a byte order mark, comma or semicolon separated, at most ${IMPORT_BYTES_MAX / MB} MB and ` +
    `${IMPORT_ROWS_MAX} rows. Rows are matched to products by pid and to variants by name within the ` +
    `product. Every problem is listed by row (the header is row 1) and column; \`importId\` is null while ` +
    `any of them blocks, and then nothing is stored. Categories and attribute values the shop lacks do not ` +
    `block: confirming with \`createMissing\` creates them.`,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: ImportUploadForm } } },
  },
  responses: {
    200: ok('The preview', ImportPreview),
    400: error(
      '`bad_file`: no file, or a file refused as a whole: empty, not CSV (binary), not UTF-8, required columns missing (named), too many rows',
    ),
    401: signedOut,
    413: error(`\`bad_file\`: ${TOO_LARGE}`),
    415: error('`unsupported_media_type`: the body is not multipart/form-data'),
  },
});

export const confirmImportRoute = createRoute({
  method: 'post',
  path: '/import/{importId}/confirm',
  operationId: 'confirmProductImport',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'Applies a previewed import, all or nothing',
  description:
    'In one transaction: the rows are planned again against the catalogue as it is now; only changed ' +
    'fields are written; each changed product gets a new version and an `imported` activity entry; a ' +
    "file's stock moves an existing variant by its difference from the level the preview read (sales " +
    'since then still count) and is recorded in the stock history. A preview may be confirmed once, ' +
    'within an hour.',
  request: { params: ImportIdParams, body: body(ImportConfirm) },
  responses: {
    200: ok('What the import did', ImportResult),
    400: badId,
    401: signedOut,
    404: error(`\`not_found\`: ${IMPORT_NOT_FOUND.message}`),
    409: error(
      `\`import_applied\`: ${IMPORT_APPLIED.message} \`import_missing\`: categories or attribute values are ` +
        'missing and `createMissing` is false. `import_changed`: the catalogue changed since the preview so ' +
        'that a row no longer fits (the sentence names it).',
    ),
  },
});

export const importTemplateRoute = createRoute({
  method: 'get',
  path: '/import/template',
  operationId: 'getProductImportTemplate',
  'x-permission': 'products.write',
  tags: adminTags,
  security: bearerSecurity,
  summary: `The import's template: the sample catalogue's rows (attachment ${TEMPLATE_FILE_NAME})`,
  responses: {
    200: csvFile('The template CSV'),
    401: signedOut,
  },
});

export const exportProductsRoute = createRoute({
  method: 'get',
  path: '/export',
  operationId: 'exportProducts',
  'x-permission': 'products.read',
  tags: adminTags,
  security: bearerSecurity,
  summary: 'The products list, filtered as the table is but unpaged, as a CSV in the import’s columns',
  description:
    'Attachment `sokoni-products-YYYY-MM-DD.csv` (the Nairobi date): every active variant one row, in the ' +
    "list's order; cells a spreadsheet would run as a formula start with an apostrophe, which the import " +
    'takes off again, so export → edit → import changes exactly what was edited.',
  request: { query: ProductExportQuery },
  responses: {
    200: csvFile('The CSV'),
    400: error('A query value is out of range or malformed'),
    401: signedOut,
  },
});
