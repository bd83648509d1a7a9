// Daraja reads every timestamp as East Africa Time. Kenya is UTC+3 all year (no daylight saving), so
// the offset is applied by hand rather than through the machine's time zone, which on servers is
// usually UTC and would put the date a day behind between 21:00 and 24:00 UTC.
const EAT_OFFSET_MS = 3 * 3600 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The `YYYYMMDDHHmmss` timestamp in East Africa Time that Daraja expects, for a moment in epoch ms. */
export function eatTimestamp(epochMs: number): string {
  const d = new Date(epochMs + EAT_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** The epoch ms of an East Africa Time `YYYYMMDDHHmmss` timestamp (string or number), or null if it is not one. */
export function parseEatTimestamp(value: string | number): number | null {
  const text = String(value);
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const epochMs = Date.UTC(y, mo - 1, d, h, mi, s) - EAT_OFFSET_MS;
  // Date.UTC rolls 31 February into March; a real timestamp survives the round trip unchanged.
  return eatTimestamp(epochMs) === text ? epochMs : null;
}

/** The STK password: base64(shortcode + passkey + timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}
