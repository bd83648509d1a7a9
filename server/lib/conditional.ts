import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * Public reads whose answer may change at any moment (an admin edit, a stock change): a cache may
 * keep them but must ask again before each use, and the ETag makes that question cost a 304.
 */
const REVALIDATE = 'no-cache';

/** A JSON answer as its bytes, with a strong validator and (made on demand) its gzipped copy. */
export interface JsonAnswer {
  readonly body: string;
  /** `"<sha1 of the body>"`. */
  readonly etag: string;
  gzipped(): Uint8Array;
}

/** The strong validator of a body: `"<sha1 hex>"`, the same on every instance. */
export function bodyEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('hex')}"`;
}

/** An answer: its tag now, its gzip when first sent gzipped (and kept with it). */
export function jsonAnswer(value: unknown): JsonAnswer {
  const body = JSON.stringify(value);
  let gzipped: Uint8Array | undefined;
  return { body, etag: bodyEtag(body), gzipped: () => (gzipped ??= gzipSync(body)) };
}

/**
 * The gzipped copy is another representation, so it carries its own strong tag: the body's with
 * `-gzip` inside the quotes (as compress() would otherwise send a weak copy of the body's tag).
 */
const gzipEtag = (etag: string) => `${etag.slice(0, -1)}-gzip"`;

/**
 * Sends `answer` with `Cache-Control: no-cache`: 304 without a body when If-None-Match holds the
 * tag of either representation (RFC 9110 §13.1.2 weak comparison, so a `W/` copy matches too), else
 * the JSON, gzipped when the request accepts it. Any other header already set is kept.
 */
export function sendJson(c: Context, answer: JsonAnswer, status: 200 = 200) {
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  const headers: Record<string, string> = {
    ETag: gzip ? gzipEtag(answer.etag) : answer.etag,
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
  };
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && etagListMatches(ifNoneMatch, [answer.etag, gzipEtag(answer.etag)])) {
    return c.body(null, 304, headers);
  }
  headers['Content-Type'] = 'application/json';
  if (!gzip) return c.body(answer.body, status, headers);
  headers['Content-Encoding'] = 'gzip';
  return c.body(new Uint8Array(answer.gzipped()), status, headers);
}

/** Whether Accept-Encoding allows gzip (by name or `*`) with a non-zero weight. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return allowed;
    if (coding === '*') wildcard = allowed;
  }
  return wildcard;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
export function etagListMatches(header: string, tags: readonly string[]): boolean {
  if (header.trim() === '*') return true;
  const listed: string[] = header.match(/"[^"]*"/g) ?? [];
  return listed.some((t) => tags.includes(t));
}
