// Nairobi keeps East Africa Time, UTC+3 all year (no daylight saving), so a wall-clock time there and
// an instant convert with a fixed offset, the same in every browser, in the mocks and on the server.
// zod-free: the SPA's forms use these without loading the schemas.

/** East Africa Time is three hours ahead of UTC, all year. */
export const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Nairobi calendar day of an instant, `YYYY-MM-DD`. */
export const nairobiDate = (at: Date): string =>
  new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Nairobi calendar day (`YYYY-MM-DD`) begins. */
export const nairobiDayStart = (date: string): Date =>
  new Date(Date.parse(`${date}T00:00:00Z`) - NAIROBI_OFFSET_MS);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An instant as a `datetime-local` input shows it in Nairobi: `2026-11-24T08:00`. */
export function toNairobiInput(instant: string | Date): string {
  const d = new Date(new Date(instant).getTime() + NAIROBI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A Nairobi wall-clock time (`2026-11-24T08:00`) as a UTC ISO instant; null when it is not one. */
export function fromNairobiInput(local: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  // 2026-02-30 would roll over into March: not a time anyone meant.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(utc - NAIROBI_OFFSET_MS).toISOString();
}

/** An instant in Nairobi time, said so: `24 Nov 2026, 08:00 EAT`. */
export function formatNairobi(instant: string | Date): string {
  const d = new Date(new Date(instant).getTime() + NAIROBI_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} EAT`;
}
