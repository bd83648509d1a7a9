import { IMPORT_BYTES_MAX } from '@contract/catalogue-csv';

/** What the file picker offers: CSV files by name and by type. */
export const CSV_ACCEPT = '.csv,text/csv';

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('en-KE', { maximumFractionDigits: 1 })} MB`;

/**
 * Why a file is refused before it is sent, or null. The server checks again (and reads the content);
 * this spares sending what could only be refused. By name as well as type: Excel on Windows reports
 * a CSV as `application/vnd.ms-excel`, and some browsers report no type at all.
 */
export function fileRefusal(file: File): string | null {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv' || file.type === 'application/csv';
  if (!csv) return `${file.name} is not a CSV file. In your spreadsheet choose Save As, then "CSV UTF-8".`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > IMPORT_BYTES_MAX)
    return `${file.name} is ${megabytes(file.size)}, larger than the ${megabytes(IMPORT_BYTES_MAX)} a file may be. Split it into smaller files and import them one after the other.`;
  return null;
}
