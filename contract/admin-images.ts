import { z } from 'zod';
import { Image } from './catalogue';
import { Uuid } from './common';
import { ALT_TEXT_MAX, UPLOAD_BYTES_MAX, UPLOAD_FILES_MAX, UPLOAD_PIXELS_MAX } from './admin-common';

// Image uploads for the back office: the multipart form, per-file refusals, and alt-text edits.

// ── Images ──────────────────────────────────────────────────────────────────────────────────────

/** `POST /v1/assets/image` answers one entry per `images` part, in order. */
const UploadedImage = Image.meta({ id: 'UploadedImage' });
export const UploadedImages = z.array(UploadedImage);

/** Repeated form parts arrive as one value or a list; a missing one as nothing. */
const parts = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/**
 * The multipart form of `POST /v1/assets/image`: `images` file parts with an `altText` text part for
 * each, in the same order (missing ones are empty). Only the form's shape is checked here (a
 * refusal is 400 `invalid_upload`); what each file holds is checked from its bytes.
 */
export const ImageUploadForm = z
  .strictObject({
    images: parts(z.file('must be a file').meta({ type: 'string', format: 'binary' })).pipe(
      z
        .array(z.file())
        .min(1, 'choose at least one image to upload')
        .max(UPLOAD_FILES_MAX, `send at most ${UPLOAD_FILES_MAX} images at once`),
    ),
    altText: parts(
      z.string('must be text').trim().max(ALT_TEXT_MAX, `must be at most ${ALT_TEXT_MAX} characters`),
    ),
  })
  .refine((form) => form.altText.length <= form.images.length, {
    path: ['altText'],
    message: 'send one altText part per image, in the same order, and no more',
  })
  .meta({ id: 'ImageUploadForm' });
export type ImageUploadForm = z.infer<typeof ImageUploadForm>;

/** 415 `unsupported_media_type`: an upload whose body is not a multipart form. */
export const NOT_MULTIPART_MESSAGE =
  'Send the images as multipart/form-data: `images` file parts, each with an `altText` part.';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file's name as messages show it: the last path segment (old browsers send a full path), with
 * control and bidirectional-override characters removed (they could disguise `gpj.exe` as `exe.jpg`),
 * at most 80 characters; `image 3` when nothing is left.
 */
export function fileLabel(name: string, index: number): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSHOWABLE, '').trim();
  if (!clean) return `image ${index + 1}`;
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}

/**
 * Why a file was refused: `empty`; `too_many_bytes` or `too_many_pixels` (the limits above);
 * `not_image` (no JPEG, PNG or WebP signature), `damaged` (cut short or broken), `trailing` (data
 * after the image's end), `archive` (a ZIP hidden inside).
 */
export type UploadProblem =
  | { reason: 'empty' | 'not_image' | 'damaged' | 'trailing' | 'archive' }
  | { reason: 'too_many_bytes'; bytes: number }
  | { reason: 'too_many_pixels'; width: number; height: number };

/** An upload refusal as the API answers it, naming the file. */
export interface UploadRefusal {
  status: 400 | 413 | 415;
  code: 'invalid_upload' | 'image_too_large' | 'unsupported_image';
  message: string;
}

const MB = 1024 * 1024;
const unsupportedImage = (message: string): UploadRefusal => ({
  status: 415,
  code: 'unsupported_image',
  message,
});
const SAVE_AGAIN = 'Save it again from an image editor and upload that copy.';

export function uploadRefusal(label: string, problem: UploadProblem): UploadRefusal {
  switch (problem.reason) {
    case 'empty':
      return { status: 400, code: 'invalid_upload', message: `${label} is empty.` };
    case 'too_many_bytes':
      return {
        status: 413,
        code: 'image_too_large',
        message: `${label} is ${(problem.bytes / MB).toFixed(1)} MB; an image may be at most ${UPLOAD_BYTES_MAX / MB} MB.`,
      };
    case 'too_many_pixels': {
      const { width, height } = problem;
      return {
        status: 413,
        code: 'image_too_large',
        message: `${label} is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); an image may have at most ${UPLOAD_PIXELS_MAX / 1e6} megapixels.`,
      };
    }
    case 'not_image':
      return unsupportedImage(`${label} is not a JPEG, PNG or WebP image.`);
    case 'damaged':
      return unsupportedImage(
        `${label} is damaged or incomplete: it is not a whole JPEG, PNG or WebP image.`,
      );
    case 'trailing':
      return unsupportedImage(
        `${label} has data after the end of the image, which images do not need. ${SAVE_AGAIN}`,
      );
    case 'archive':
      return unsupportedImage(`${label} has an archive hidden inside the image. ${SAVE_AGAIN}`);
  }
}

/** `PATCH /v1/assets/image/{imageId}`. */
export const ImagePatch = z
  .strictObject({
    altText: z.string().trim().max(ALT_TEXT_MAX, `must be at most ${ALT_TEXT_MAX} characters`),
  })
  .meta({ id: 'ImagePatch' });
export type ImagePatch = z.infer<typeof ImagePatch>;
export const ImageIdParams = z.object({ imageId: Uuid });
