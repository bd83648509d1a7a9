import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { gzipSync } from 'node:zlib';
import { acceptsGzip } from './conditional';

/** Below this a body goes as it is: gzip's framing would win back little. */
const THRESHOLD = 1024;
/** Above this a JSON answer is compressed as a stream, off the event loop. */
const SYNC_LIMIT = 256 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compression of the API's answers. JSON answers (nearly all of them: built whole in memory) are
 * gzipped in one synchronous call, about 0.05–0.1 ms for a few kilobytes, where a
 * CompressionStream costs the event loop over a millisecond per answer, and answers under 1 KB
 * (most refusals) go uncompressed; anything else (and JSON over 256 KB) goes to hono's streaming
 * compress. Answers already encoded (the catalogue's precompressed copies) pass as they are.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = compress();
  const asItIs = async () => {};
  return async (c, next) => {
    await next();
    // The streaming compress, handed the answer already made.
    if (!(await gzippedJson(c))) await streaming(c, asItIs);
  };
}

/** Gzips a JSON answer in one call; false when the answer is for the streaming compress. */
async function gzippedJson(c: Context): Promise<boolean> {
  const res = c.res;
  if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return false;
  // Headers first: reading `body` turns the node adapter's ready answer (a string it writes as it
  // is) into a stream, which costs every answer passed through untouched (the catalogue's).
  if (
    c.req.method === 'HEAD' ||
    res.headers.has('Content-Encoding') ||
    NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
    !res.body
  )
    return true;
  // Hono's context copies the headers of the answer it replaces onto the new one, so each change
  // is made after the replacement.
  const body = new Uint8Array(await res.arrayBuffer());
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  const small = body.byteLength < THRESHOLD;
  c.res = new Response(gzip && !small && body.byteLength <= SYNC_LIMIT ? gzipSync(body) : body, res);
  const headers = c.res.headers;
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (vary !== '*' && !/\baccept-encoding\b/i.test(vary))
    headers.set('Vary', `${vary}, Accept-Encoding`);
  if (body.byteLength > SYNC_LIMIT) return false;
  if (small || !gzip) return true;
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  const etag = headers.get('ETag');
  // Another representation of the same body: a weak copy of its tag, as the streaming compress marks it.
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return true;
}
