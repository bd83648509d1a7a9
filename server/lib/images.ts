import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageSize } from '../../contract/catalogue';

/*
 * The stored renditions of a picture, shared by the sample catalogue's drawings (db/seed/images.ts)
 * and admins' uploads (modules/uploads): every image the shop serves is WebP in these widths.
 */

export type { ImageSize };

/** Largest width (and height) of each stored rendition. */
export const IMAGE_SIZES: Record<ImageSize, number> = { thumb: 160, card: 400, detail: 800 };

const SIZES = Object.entries(IMAGE_SIZES) as [ImageSize, number][];

/** Largest box any rendition needs: the detail rendition's. */
export const LARGEST_RENDITION = IMAGE_SIZES.detail;

// Effort 2 encodes twice as fast as the default 4 for files about 6% larger.
export const WEBP = { quality: 80, effort: 2 } as const;

export interface Rendition {
  size: ImageSize;
  contentType: 'image/webp';
  width: number;
  height: number;
  bytes: Buffer;
  /** Strong HTTP entity tag, quotes included: `"<sha1 of the bytes>"`. */
  etag: string;
}

/** Strong entity tag for a file's bytes (the form an `ETag` header carries). */
const strongEtag = (bytes: Uint8Array) => `"${createHash('sha1').update(bytes).digest('hex')}"`;

/** One stored rendition of `bytes`. */
export const rendition = (size: ImageSize, width: number, height: number, bytes: Buffer): Rendition => ({
  size,
  contentType: 'image/webp',
  width,
  height,
  bytes,
  etag: strongEtag(bytes),
});

/** Decoded pixels, as sharp's `raw()` output describes them. */
export interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Encodes every rendition from one set of decoded pixels: each fits its size's square box (the
 * aspect ratio kept, never enlarged) and is WebP with no metadata at all (sharp writes none unless
 * asked). Decoding once and resizing the pixels is what keeps a large upload cheap.
 */
export async function encodeRenditions({ data, info }: Pixels): Promise<Rendition[]> {
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  return Promise.all(
    SIZES.map(async ([size, box]) => {
      let pipeline = sharp(data, raw);
      if (info.width > box || info.height > box) {
        pipeline = pipeline.resize(box, box, { fit: 'inside', kernel: 'lanczos3' });
      }
      const out = await pipeline.webp(WEBP).toBuffer({ resolveWithObject: true });
      return rendition(size, out.info.width, out.info.height, out.data);
    }),
  );
}
