import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, sniffImageType } from './inspect';

const FIXTURES = path.join(import.meta.dirname, '../../test/fixtures/uploads');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const square = (size: number) =>
  sharp({ create: { width: size, height: size / 2, channels: 3, background: '#f2a516' } });

describe('reading what a file is from its bytes', () => {
  it('knows the three image types by magic number, and nothing else', () => {
    expect(sniffImageType(fixture('photo-gps.jpg'))).toBe('jpeg');
    expect(sniffImageType(fixture('plain.png'))).toBe('png');
    expect(sniffImageType(fixture('photo.webp'))).toBe('webp');
    for (const other of ['drawing.svg', 'page.html', 'shell.jpg']) {
      expect(sniffImageType(fixture(other))).toBeUndefined();
      expect(inspectImage(fixture(other))).toEqual({ ok: false, reason: 'not_image' });
    }
    expect(inspectImage(Buffer.alloc(0))).toEqual({ ok: false, reason: 'not_image' });
  });

  it('reads the declared size of each type from its header', async () => {
    expect(inspectImage(fixture('photo-gps.jpg'))).toEqual({
      ok: true,
      type: 'jpeg',
      width: 120,
      height: 80,
    });
    expect(inspectImage(fixture('plain.png'))).toEqual({ ok: true, type: 'png', width: 96, height: 64 });
    expect(inspectImage(fixture('photo.webp'))).toEqual({ ok: true, type: 'webp', width: 90, height: 60 });
    expect(inspectImage(fixture('bomb.png'))).toEqual({
      ok: true,
      type: 'png',
      width: 20_000,
      height: 20_000,
    });
    // Lossless (VP8L), extended (VP8X, with alpha) and progressive JPEG.
    const lossless = await square(300).webp({ lossless: true }).toBuffer();
    expect(inspectImage(lossless)).toMatchObject({ ok: true, width: 300, height: 150 });
    const withAlpha = await square(200).ensureAlpha(0.5).webp().toBuffer();
    expect(inspectImage(withAlpha)).toMatchObject({ ok: true, width: 200, height: 100 });
    const progressive = await square(240).jpeg({ progressive: true }).toBuffer();
    expect(inspectImage(progressive)).toMatchObject({ ok: true, type: 'jpeg', width: 240, height: 120 });
  });

  it('refuses any bytes after the end marker of each type', async () => {
    const tail = Buffer.from('<?php echo 1; ?>');
    for (const name of ['photo-gps.jpg', 'plain.png', 'photo.webp']) {
      expect(inspectImage(Buffer.concat([fixture(name), tail]))).toEqual({ ok: false, reason: 'trailing' });
    }
    expect(inspectImage(fixture('polyglot.png'))).toEqual({ ok: false, reason: 'trailing' });
  });

  it('refuses a file cut short, wherever it stops', () => {
    expect(inspectImage(fixture('truncated.jpg'))).toEqual({ ok: false, reason: 'damaged' });
    for (const name of ['photo-gps.jpg', 'plain.png', 'photo.webp']) {
      const whole = fixture(name);
      for (const cut of [13, 20, Math.floor(whole.length / 2), whole.length - 1]) {
        expect(inspectImage(whole.subarray(0, cut)), `${name} cut at ${cut}`).toEqual({
          ok: false,
          reason: 'damaged',
        });
      }
    }
  });

  it('refuses a ZIP record inside a JPEG comment', () => {
    const jpeg = fixture('photo-gps.jpg');
    const zip = fixture('polyglot.png').subarray(fixture('plain.png').length);
    const comment = Buffer.alloc(4);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(zip.length + 2, 2);
    const smuggled = Buffer.concat([jpeg.subarray(0, 2), comment, zip, jpeg.subarray(2)]);
    expect(inspectImage(smuggled)).toEqual({ ok: false, reason: 'archive' });
  });

  it('does not mistake random pixel data for an archive', async () => {
    // Noise compresses badly, so the JPEG's entropy-coded data is as random as bytes get.
    const noise = await sharp(randomBytes(512 * 512 * 3), { raw: { width: 512, height: 512, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(inspectImage(noise)).toMatchObject({ ok: true, width: 512, height: 512 });
  });
});
