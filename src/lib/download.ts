import { useState } from 'react';
import { apiFetch, type RequestOptions } from './api-client';
import { toastError } from './errors';
import { notify } from './notify';

// Files the back office hands to the browser's downloads (the orders' and products' CSV, the import's
// template, a customer's data).

/** A file the API answered, with the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a `Content-Disposition` header, if it names one. */
function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/** GETs a file from the API: its body, named as its `Content-Disposition` says (else `fallbackName`). */
export async function fetchFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<DownloadedFile> {
  const response = await apiFetch('GET', path, undefined, options);
  const fileName = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

/** Hands a file to the browser's downloads. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * A download button's action: fetches the file, saves it and says so ("Downloaded x.csv.", unless
 * `announce` is false), or toasts `failure`; `downloading` is true meanwhile.
 */
export function useDownload(fetch: () => Promise<DownloadedFile>, failure: string, announce = true) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      const { blob, fileName } = await fetch();
      saveFile(blob, fileName);
      if (announce) notify.success(`Downloaded ${fileName}.`);
    } catch (error) {
      toastError(error, failure);
    } finally {
      setDownloading(false);
    }
  }
  return { download, downloading };
}
