import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BYTES_MAX, UPLOAD_FILES_MAX } from '../../../contract/admin';
import { activityLog, imageFiles, images, productImages } from '../../db/schema';
import { purgeOldRows } from '../../jobs/housekeeping';
import { createTestContext, type TestContext } from '../../test/harness';
import { createProduct, shopper } from '../../test/shop';
import { UPLOAD_REQUEST_MAX } from './routes';

const FIXTURES = path.join(import.meta.dirname, '../../test/fixtures/uploads');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** A file part as a browser sends it: the name and the type it claims (which decide nothing). */
const part = (name: string, bytes: Uint8Array = fixture(name), type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

let ctx: TestContext;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = (await shopper(ctx, 'admin')).token;
  customerToken = (await shopper(ctx, 'customer')).token;
});
afterAll(() => ctx.close());

/** Posts the files (and alt texts) as multipart/form-data, as the admin unless told otherwise. */
function upload(files: File[], altTexts: string[] = [], token: string | null = adminToken) {
  const form = new FormData();
  for (const f of files) form.append('images', f);
  for (const a of altTexts) form.append('altText', a);
  return ctx.request('/api/v1/assets/image', {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

const imageCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(images))[0]!.n;

/** Expects a refusal with this status and code whose message names the file. */
async function expectRefused(res: Response, status: number, code: string, names: string | RegExp) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.code).toBe(code);
  expect(body.message).toMatch(
    typeof names === 'string' ? new RegExp(`^${names.replace('.', '\\.')} `) : names,
  );
  return body;
}

describe('uploading product images', () => {
  it('stores a JPEG, a PNG and a WebP as three WebP renditions each, with the alt texts in order', async () => {
    const res = await upload(
      [part('photo-gps.jpg'), part('plain.png', undefined, 'image/png'), part('photo.webp')],
      ['Ripe mangoes', 'Green ground', 'A WebP'],
    );
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.map((i: { altText: string }) => i.altText)).toEqual([
      'Ripe mangoes',
      'Green ground',
      'A WebP',
    ]);
    const ids: string[] = data.map((i: { imageId: string }) => i.imageId);
    expect(new Set(ids).size).toBe(3);
    expect(data[0]).toEqual({
      imageId: ids[0],
      url: `/api/v1/assets/image/${ids[0]}/card`,
      altText: 'Ripe mangoes',
      // The photo is 120 × 80 with EXIF orientation 6: stored upright, 80 × 120.
      width: 80,
      height: 120,
      urls: {
        thumb: `/api/v1/assets/image/${ids[0]}/thumb`,
        card: `/api/v1/assets/image/${ids[0]}/card`,
        detail: `/api/v1/assets/image/${ids[0]}/detail`,
      },
    });
    expect(data[1]).toMatchObject({ width: 96, height: 64 });
    expect(data[2]).toMatchObject({ width: 90, height: 60 });

    const files = await ctx.database.db.select().from(imageFiles).where(inArray(imageFiles.imageId, ids));
    expect(files).toHaveLength(9);
    for (const f of files) {
      expect(f.contentType).toBe('image/webp');
      const meta = await sharp(f.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
      // Nothing of the original's metadata survives: no EXIF (camera, GPS), no orientation, no profile.
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(
      files
        .filter((f) => f.imageId === ids[0])
        .map((f) => f.size)
        .sort(),
    ).toEqual(['card', 'detail', 'thumb']);

    const logged = await ctx.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'image'), inArray(activityLog.entityId, ids)));
    expect(logged.map((l) => l.action)).toEqual(['uploaded', 'uploaded', 'uploaded']);
    expect(logged.find((l) => l.entityId === ids[0])?.summary).toBe('photo-gps.jpg (80 × 120)');
  });

  it('had GPS and camera data in the original photo, and serves the stored copy without them', async () => {
    const original = await sharp(fixture('photo-gps.jpg')).metadata();
    // The GPS IFD pointer (tag 0x8825) and the camera model are in the fixture's EXIF.
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.exif?.toString('latin1')).toContain('Sokoni Test Camera');

    const { data } = await (await upload([part('photo-gps.jpg')])).json();
    const served = await ctx.request(data[0].urls.detail);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('Sokoni Test Camera'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    // Missing altText parts mean no alt text.
    expect(data[0].altText).toBe('');
  });

  it('pairs alt texts with images by position and leaves the missing ones empty', async () => {
    const res = await upload(
      [part('plain.png'), part('photo.webp'), part('photo-gps.jpg')],
      ['  First  ', ''],
    );
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.map((i: { altText: string }) => i.altText)).toEqual(['First', '', '']);
  });
});

describe('refusing what is not a photo', () => {
  it.each([
    ['drawing.svg', 'image/svg+xml'],
    ['page.html', 'image/jpeg'],
    ['shell.jpg', 'image/jpeg'],
  ])('refuses %s, whatever type it claims, as not a JPEG, PNG or WebP image', async (name, type) => {
    const body = await expectRefused(
      await upload([part(name, undefined, type)]),
      415,
      'unsupported_image',
      name,
    );
    expect(body.message).toContain(`${name} is not a JPEG, PNG or WebP image.`);
  });

  it('refuses a PHP script dressed with a JPEG signature as damaged', async () => {
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), fixture('shell.jpg')]);
    const body = await expectRefused(
      await upload([part('avatar.jpg', disguised)]),
      415,
      'unsupported_image',
      'avatar.jpg',
    );
    expect(body.message).toContain('damaged or incomplete');
  });

  it('refuses a PNG with a ZIP archive appended', async () => {
    // The fixture really is both: sharp reads the PNG in it.
    expect((await sharp(fixture('polyglot.png')).metadata()).format).toBe('png');
    const body = await expectRefused(
      await upload([part('polyglot.png')]),
      415,
      'unsupported_image',
      'polyglot.png',
    );
    expect(body.message).toContain('data after the end of the image');
  });

  it('refuses a ZIP archive hidden inside a PNG text chunk, before IEND', async () => {
    const png = fixture('plain.png');
    const zip = fixture('polyglot.png').subarray(png.length);
    const iend = png.length - 12;
    const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), zip]);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(text.length, 0);
    head.write('tEXt', 4, 'latin1');
    const crc = Buffer.alloc(4); // a wrong CRC does not matter: the signature is found first
    const smuggled = Buffer.concat([png.subarray(0, iend), head, text, crc, png.subarray(iend)]);
    const body = await expectRefused(
      await upload([part('innocent.png', smuggled)]),
      415,
      'unsupported_image',
      'innocent.png',
    );
    expect(body.message).toContain('archive hidden inside');
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const started = performance.now();
    const body = await expectRefused(await upload([part('bomb.png')]), 413, 'image_too_large', 'bomb.png');
    expect(body.message).toContain(
      'bomb.png is 20000 × 20000 pixels (400 megapixels); an image may have at most 40 megapixels.',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a truncated JPEG', async () => {
    const body = await expectRefused(
      await upload([part('truncated.jpg')]),
      415,
      'unsupported_image',
      'truncated.jpg',
    );
    expect(body.message).toContain('damaged or incomplete');
  });

  it('refuses an empty file with 400', async () => {
    const body = await expectRefused(
      await upload([part('empty.jpg', new Uint8Array())]),
      400,
      'invalid_upload',
      'empty.jpg',
    );
    expect(body.message).toContain('empty.jpg is empty.');
  });

  it('refuses a file over the byte limit with 413, naming it', async () => {
    const big = Buffer.alloc(UPLOAD_BYTES_MAX + 1);
    fixture('photo-gps.jpg').copy(big);
    const body = await expectRefused(
      await upload([part('huge.jpg', big)]),
      413,
      'image_too_large',
      'huge.jpg',
    );
    expect(body.message).toContain('an image may be at most 10 MB');
  });

  it('names the first bad file of a batch and stores none of the good ones', async () => {
    const before = await imageCount();
    const res = await upload(
      [part('photo-gps.jpg'), part('page.html'), part('plain.png'), part('bomb.png')],
      ['a', 'b', 'c', 'd'],
    );
    await expectRefused(res, 415, 'unsupported_image', 'page.html');
    expect(await imageCount()).toBe(before);
  });

  it('names a file by its last path segment, without control characters', async () => {
    await expectRefused(
      await upload([part('C:\\fakepath\\evil\u202egpj.exe', fixture('page.html'))]),
      415,
      'unsupported_image',
      /^evilgpj\.exe is not/,
    );
  });
});

describe('the shape of an upload', () => {
  it('refuses more than the allowed number of files with 400', async () => {
    const files = Array.from({ length: UPLOAD_FILES_MAX + 1 }, (_, i) =>
      part(`p${i}.png`, fixture('plain.png')),
    );
    const before = await imageCount();
    const res = await upload(files);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'invalid_upload', issues: [{ path: 'images' }] });
    expect(body.message).toContain(`send at most ${UPLOAD_FILES_MAX} images at once`);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a form without images, with more alt texts than images, or with other parts', async () => {
    const none = await upload([], ['alone']);
    expect(none.status).toBe(400);
    expect((await none.json()).issues).toContainEqual(expect.objectContaining({ path: 'images' }));

    const extra = await upload([part('plain.png')], ['one', 'two']);
    expect(extra.status).toBe(400);
    expect((await extra.json()).issues).toEqual([expect.objectContaining({ path: 'altText' })]);

    const form = new FormData();
    form.append('images', part('plain.png'));
    form.append('productId', 'x');
    const stranger = await ctx.request('/api/v1/assets/image', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(stranger.status).toBe(400);
    expect((await stranger.json()).code).toBe('invalid_upload');

    const long = await upload([part('plain.png')], ['x'.repeat(251)]);
    expect(long.status).toBe(400);
    expect((await long.json()).issues).toEqual([
      { path: 'altText.0', message: 'must be at most 250 characters' },
    ]);
  });

  it('refuses a JSON body with 415', async () => {
    const res = await ctx.request('/api/v1/assets/image', {
      method: 'POST',
      json: { images: [] },
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.code).toBe('unsupported_media_type');
    expect(body.message).toContain('Send the images as multipart/form-data');
  });

  it('cuts off a request larger than the whole-upload limit as it streams in', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * UPLOAD_REQUEST_MAX) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await ctx.request('/api/v1/assets/image', {
      method: 'POST',
      body: endless,
      headers: {
        Authorization: `Bearer ${adminToken}`,
        'Content-Type': 'multipart/form-data; boundary=x',
      },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('image_too_large');
    // Read up to the limit and a little more, never the whole stream.
    expect(sent).toBeLessThan(UPLOAD_REQUEST_MAX + 4 * chunk.length);
  });

  it('refuses a declared Content-Length over the limit before reading anything', async () => {
    const res = await ctx.request('/api/v1/assets/image', {
      method: 'POST',
      body: 'x',
      headers: {
        Authorization: `Bearer ${adminToken}`,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(1024 * 1024 * 1024),
      },
    });
    expect(res.status).toBe(413);
  });
});

describe('who may upload', () => {
  it('answers 401 to a guest and 403 to a customer, storing nothing', async () => {
    const before = await imageCount();
    const guest = await upload([part('plain.png')], [], null);
    expect(guest.status).toBe(401);
    const customer = await upload([part('plain.png')], [], customerToken);
    expect(customer.status).toBe(403);
    expect((await customer.json()).message).toContain('This needs an admin account.');
    expect(await imageCount()).toBe(before);
  });
});

describe('editing alt text', () => {
  const patch = (id: string, json: unknown, token: string | null = adminToken) =>
    ctx.request(`/api/v1/assets/image/${id}`, {
      method: 'PATCH',
      json,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });

  it('changes the alt text, records it, and the catalogue serves it', async () => {
    const { data } = await (await upload([part('plain.png')], ['Old'])).json();
    const id = data[0].imageId;
    const res = await patch(id, { altText: '  Mangoes in a basket ' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ ...data[0], altText: 'Mangoes in a basket' });
    const [row] = await ctx.database.db.select().from(images).where(eq(images.id, id));
    expect(row!.altText).toBe('Mangoes in a basket');
    const logged = await ctx.database.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(logged.map((l) => l.action).sort()).toEqual(['updated', 'uploaded']);
  });

  it('answers 400 for a bad body or id, 404 for an unknown image, 401/403 for others', async () => {
    const { data } = await (await upload([part('photo.webp')])).json();
    const id = data[0].imageId;
    expect((await patch(id, { altText: 'x'.repeat(251) })).status).toBe(400);
    expect((await patch(id, { altText: 'ok', extra: 1 })).status).toBe(400);
    expect((await patch('not-a-uuid', { altText: 'ok' })).status).toBe(400);
    const missing = await patch('00000000-0000-4000-8000-000000000000', { altText: 'ok' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toContain('Image was not found.');
    expect((await patch(id, { altText: 'ok' }, null)).status).toBe(401);
    expect((await patch(id, { altText: 'ok' }, customerToken)).status).toBe(403);
  });
});

describe('images a product never took', () => {
  it('are deleted by housekeeping a day after their upload; linked and recent ones stay', async () => {
    const { data } = await (
      await upload([part('plain.png'), part('photo.webp'), part('photo-gps.jpg')])
    ).json();
    const [abandoned, linked, recent] = data.map((i: { imageId: string }) => i.imageId) as string[];
    const product = await createProduct(ctx.database.db);
    await ctx.database.db.insert(productImages).values({ productId: product.productId, imageId: linked! });
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    await ctx.database.db
      .update(images)
      .set({ createdAt: dayAndMinuteAgo })
      .where(inArray(images.id, [abandoned!, linked!]));

    await purgeOldRows(ctx.database.db);

    const left = await ctx.database.db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [abandoned!, linked!, recent!]));
    expect(left.map((r) => r.id).sort()).toEqual([linked!, recent!].sort());
    expect(await ctx.database.db.select().from(imageFiles).where(eq(imageFiles.imageId, abandoned!))).toEqual(
      [],
    );
    expect((await ctx.request(`/api/v1/assets/image/${abandoned}/card`)).status).toBe(404);
  });
});
