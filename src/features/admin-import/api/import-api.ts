import { apiPost, apiUpload } from '@/lib/api-client';
import { fetchFile } from '@/lib/download';
import type { ImportPreview, ImportResult } from '@contract/admin-import';

/* Fetchers of the catalogue import (contract/admin-import.ts). */

/**
 * `POST /api/v1/admin/products/import`: sends the file, answers the preview (nothing changes yet).
 * Through the client's upload call, so a big file shows its progress as the image uploads do.
 */
export function previewImport(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<ImportPreview>('v1/admin/products/import', form, { onProgress, signal });
}

/** `POST …/import/{importId}/confirm`: applies the previewed file, all or nothing. */
export const confirmImport = (importId: string, createMissing: boolean) =>
  apiPost<ImportResult>(`v1/admin/products/import/${encodeURIComponent(importId)}/confirm`, {
    createMissing,
  });

/** `GET …/import/template`: the sample catalogue's rows, as a file to start from. */
export const fetchImportTemplate = () =>
  fetchFile('v1/admin/products/import/template', 'sokoni-products-template.csv', {
    headers: { Accept: 'text/csv' },
  });
