import { randomUUID } from 'node:crypto';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  altTextSummary,
  fileLabel,
  imageUploadedSummary,
  UPLOAD_BYTES_MAX,
  UPLOAD_PIXELS_MAX,
  uploadRefusal,
  type ImagePatch,
  type UploadProblem,
} from '../../../contract/admin';
import type { Image } from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import { imageFiles, images, productImages } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { AppError, notFound } from '../../lib/errors';
import { encodeRenditions, LARGEST_RENDITION, type Rendition } from '../../lib/images';
import { recordActivity } from '../activity';
import { inspectImage } from './inspect';
import { toImage } from '../catalogue';

/** How long an uploaded image may wait for a product before housekeeping deletes it. */
const ORPHAN_IMAGE_TTL_MS = 24 * 3600_000;

/** An accepted upload, re-encoded and ready to store. */
interface PreparedImage {
  id: string;
  /** How the refusal and activity messages name the file. */
  label: string;
  altText: string;
  width: number;
  height: number;
  renditions: Rendition[];
}

/** The refusal of one file, thrown as the API's error. */
const refuse = (label: string, problem: UploadProblem) => {
  const { status, code, message } = uploadRefusal(label, problem);
  return new AppError(status, code, message);
};

/**
 * Checks one uploaded file from its bytes and re-encodes it: refused (with an error naming the
 * file) unless it is a whole JPEG, PNG or WebP within the limits; else turned upright by its EXIF
 * orientation and encoded into the WebP renditions, which carry no metadata at all.
 */
async function prepareImage(file: File, altText: string, index: number): Promise<PreparedImage> {
  const label = fileLabel(file.name, index);
  if (file.size === 0) throw refuse(label, { reason: 'empty' });
  if (file.size > UPLOAD_BYTES_MAX) throw refuse(label, { reason: 'too_many_bytes', bytes: file.size });
  const bytes = Buffer.from(await file.arrayBuffer());
  const inspection = inspectImage(bytes);
  if (!inspection.ok) throw refuse(label, inspection);
  const { type, width, height } = inspection;
  // From the header alone, before a single pixel is decoded: a bomb is refused unopened.
  if (width * height > UPLOAD_PIXELS_MAX) throw refuse(label, { reason: 'too_many_pixels', width, height });
  // sharp never decodes more than the limit either, whatever our reading of the header missed. A
  // file cut short was refused above; a mere warning (a bad CRC in a text chunk) costs no photo.
  const options = { limitInputPixels: UPLOAD_PIXELS_MAX, failOn: 'error' } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== type || meta.width !== width) throw new Error(`sharp reads ${meta.format}`);
    const pixels = await sharp(bytes, options)
      .rotate()
      .resize(LARGEST_RENDITION, LARGEST_RENDITION, {
        fit: 'inside',
        withoutEnlargement: true,
        kernel: 'lanczos3',
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const renditions = await encodeRenditions(pixels);
    const detail = renditions.find((r) => r.size === 'detail')!;
    return { id: randomUUID(), label, altText, width: detail.width, height: detail.height, renditions };
  } catch {
    // The structure looked whole but the decoder disagrees: a corrupt or crafted file.
    throw refuse(label, { reason: 'damaged' });
  }
}

/**
 * Checks and re-encodes every file first, in order, stopping at the first refusal; then stores them
 * all in one transaction with an activity entry each. Either every image is stored or none.
 */
export async function uploadImages(
  db: Db,
  actor: AuthUser,
  files: readonly File[],
  altTexts: readonly string[],
): Promise<Image[]> {
  const prepared: PreparedImage[] = [];
  // One at a time: sharp already uses the cores, and a refusal spares the files after it.
  for (const [index, file] of files.entries()) {
    prepared.push(await prepareImage(file, altTexts[index] ?? '', index));
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(images)
      .values(prepared.map((p) => ({ id: p.id, altText: p.altText, width: p.width, height: p.height })));
    await tx.insert(imageFiles).values(
      prepared.flatMap((p) =>
        p.renditions.map((r) => ({
          imageId: p.id,
          size: r.size,
          contentType: r.contentType,
          width: r.width,
          height: r.height,
          bytes: r.bytes,
          etag: r.etag,
        })),
      ),
    );
    await recordActivity(
      tx,
      actor,
      prepared.map((p) => ({
        entity: 'image' as const,
        entityId: p.id,
        action: 'uploaded' as const,
        summary: imageUploadedSummary(p.label, p.width, p.height),
      })),
    );
  });
  return prepared.map((p) => toImage({ ...p, imageId: p.id }));
}

/** Changes an image's alt text (and records it); 404 for an unknown image. */
export async function patchImage(
  db: Db,
  actor: AuthUser,
  imageId: string,
  patch: ImagePatch,
): Promise<Image> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(images)
      .set({ altText: patch.altText })
      .where(eq(images.id, imageId))
      .returning({ id: images.id, altText: images.altText, width: images.width, height: images.height });
    if (!row) throw notFound('Image');
    await recordActivity(tx, actor, {
      entity: 'image',
      entityId: row.id,
      action: 'updated',
      summary: altTextSummary(row.altText),
    });
    return toImage({ ...row, imageId: row.id });
  });
}

/**
 * Deletes images no product shows that were uploaded more than a day before `now` (a form
 * abandoned after its uploads); their files go with them. Answers how many.
 */
export async function purgeOrphanImages(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, new Date(now.getTime() - ORPHAN_IMAGE_TTL_MS)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productImages)
            .where(eq(productImages.imageId, images.id)),
        ),
      ),
    )
    .returning({ id: images.id });
  return deleted.length;
}
