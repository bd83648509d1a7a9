import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswers } from './compress';

// What a phone on mobile data gets from the API: big JSON gzipped, small JSON as it is, and every
// other kind of answer still compressed when it is worth it.

const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `Sukuma wiki bunch ${i}` }));
const app = new Hono()
  .use('*', compressAnswers())
  .get('/big', (c) => c.json({ data: many(200) }))
  .get('/small', (c) => c.json({ data: many(1) }))
  .get('/tagged', (c) => c.json({ data: many(200) }, 200, { ETag: '"abc"' }))
  .get('/no-transform', (c) => c.json({ data: many(200) }, 200, { 'Cache-Control': 'no-transform' }))
  .get('/text', (c) => c.text('Sukuma wiki '.repeat(500)))
  .get('/huge', (c) => c.json({ data: many(20_000) }));
const get = (path: string, encoding: string | null = 'gzip, deflate, br') =>
  app.request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('compressing the API answers', () => {
  it('gzips a JSON answer over 1 KB for a client that takes gzip, and it reads back the same', async () => {
    const res = await get('/big');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(JSON.parse(gunzipSync(body).toString())).toEqual({ data: many(200) });
    expect(body.byteLength).toBeLessThan(JSON.stringify({ data: many(200) }).length / 4);
  });

  it('sends a small JSON answer, or any to a client without gzip, as it is', async () => {
    for (const res of [await get('/small'), await get('/big', null), await get('/big', 'gzip;q=0')]) {
      expect(res.headers.get('Content-Encoding')).toBeNull();
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await res.json()).toHaveProperty('data');
    }
  });

  it('weakens the tag of the gzipped copy, and leaves an answer marked no-transform alone', async () => {
    expect((await get('/tagged')).headers.get('ETag')).toBe('W/"abc"');
    const kept = await get('/no-transform');
    expect(kept.headers.get('Content-Encoding')).toBeNull();
    expect((await kept.json()).data).toHaveLength(200);
  });

  it('still compresses other text, and a JSON answer too big for one go, as a stream', async () => {
    const text = await get('/text');
    expect(text.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await text.arrayBuffer())).toString()).toBe('Sukuma wiki '.repeat(500));
    const huge = await get('/huge');
    expect(huge.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await huge.arrayBuffer())).toString()).data).toHaveLength(
      20_000,
    );
  });
});
