import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { fileLabel } from '../../../contract/admin';
import { TEMPLATE_FILE_NAME } from '../../../contract/catalogue-csv';
import { zodIssues } from '../../../contract/common';
import type { Database } from '../../db/client';
import { currentUser } from '../../lib/auth/middleware';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/http';
import { exportCatalogue, exportName, templateCatalogue } from './csv-export';
import { confirmImport, previewImport } from './csv-import';
import {
  confirmImportRoute,
  exportProductsRoute,
  importBodyLimit,
  importTemplateRoute,
  multipartOnly,
  previewImportRoute,
} from './csv-routes';

/** The CSV import and export on the products list's router (which signs the admin in). */
export function csvRoutes(router: OpenAPIHono<AppEnv>, database: Database): void {
  const { db } = database;
  router.openapi(
    { ...previewImportRoute, middleware: [multipartOnly, importBodyLimit] },
    async (c) => {
      const { file } = c.req.valid('form');
      const name = file.name.trim() ? fileLabel(file.name, 0) : 'import.csv';
      const bytes = new Uint8Array(await file.arrayBuffer());
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await previewImport(db, currentUser(c), name, bytes) }, 200);
    },
    (result) => {
      if (!result.success) {
        const issues = zodIssues(result.error as ZodError);
        throw new AppError(
          400,
          'bad_file',
          'Choose a CSV file to import (send it in the `file` part).',
          issues,
        );
      }
      return undefined;
    },
  );
  router.openapi(confirmImportRoute, async (c) => {
    const { importId } = c.req.valid('param');
    const { createMissing } = c.req.valid('json');
    return c.json({ data: await confirmImport(database, currentUser(c), importId, createMissing) }, 200);
  });
  router.openapi(importTemplateRoute, (c) => csv(c, templateCatalogue(), TEMPLATE_FILE_NAME));
  router.openapi(exportProductsRoute, async (c) =>
    csv(c, await exportCatalogue(db, c.req.valid('query')), exportName(new Date())),
  );
}

/** A CSV attachment, never cached. */
function csv(c: Context<AppEnv>, text: string, fileName: string) {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(text, 200);
}
