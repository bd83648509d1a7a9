import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ImageIdParams,
  ImageUploadForm,
  ImagePatch,
  NOT_MULTIPART_MESSAGE,
  UPLOAD_BYTES_MAX,
  UPLOAD_FILES_MAX,
  UploadedImages,
} from '../../../contract/admin';
import { Image } from '../../../contract/catalogue';
import { bearerSecurity } from '../../lib/auth/middleware';
import { AppError } from '../../lib/errors';
import type { AppEnv } from '../../lib/http';
import { body, error, ok, signedOut } from '../../lib/openapi';

/** Where uploads are posted, under /api; app.ts lets this path past the API-wide body limit. */
export const UPLOAD_PATH = '/api/v1/assets/image';

/**
 * The whole request may hold every allowed file at its largest, plus the multipart framing and
 * the alt texts. Anything bigger is cut off as it streams in, long before it is all read.
 */
export const UPLOAD_REQUEST_MAX = UPLOAD_FILES_MAX * UPLOAD_BYTES_MAX + 1024 * 1024;

const MB = 1024 * 1024;

/** The request-wide limit, answered as the per-file one is (a request this big is too many large images). */
export const uploadBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: UPLOAD_REQUEST_MAX,
  onError: () => {
    throw new AppError(
      413,
      'image_too_large',
      `The upload is larger than ${Math.round(UPLOAD_REQUEST_MAX / MB)} MB: send at most ${UPLOAD_FILES_MAX} images of at most ${UPLOAD_BYTES_MAX / MB} MB each.`,
    );
  },
});

/** A body that is not a multipart form is refused before it is read. */
export const multipartOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('Content-Type') ?? '')) {
    throw new AppError(415, 'unsupported_media_type', NOT_MULTIPART_MESSAGE);
  }
  await next();
};

export const uploadImagesRoute = createRoute({
  method: 'post',
  path: '/', // under /v1/assets/image
  operationId: 'uploadImages',
  'x-permission': 'products.write',
  tags: ['admin'],
  security: bearerSecurity,
  summary: 'Upload product images: each is checked from its bytes, re-encoded and stored',
  description:
    `JPEG, PNG and WebP only, recognised by their content (the declared type and the file name decide nothing); ` +
    `at most ${UPLOAD_FILES_MAX} files of ${UPLOAD_BYTES_MAX / MB} MB and 40 megapixels each. Every image is ` +
    `turned upright, stripped of its metadata (EXIF, GPS, colour profiles) and stored as WebP renditions under ` +
    `a new id. Either every file is stored or none is; a refusal names the first file refused. Images no ` +
    `product uses are deleted after 24 hours.`,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: ImageUploadForm } } },
  },
  responses: {
    201: ok('The stored images, one per `images` part, in order', UploadedImages),
    400: error('`invalid_upload`: no image, too many images, an empty file or an alt text too long'),
    401: signedOut,
    403: error('The account is not an admin'),
    413: error('`image_too_large`: a file above the byte or pixel limit, or a request above the total'),
    415: error(
      '`unsupported_image`: a file that is not a whole JPEG, PNG or WebP image, or hides data; `unsupported_media_type`: a body that is not multipart/form-data',
    ),
  },
});

export const patchImageRoute = createRoute({
  method: 'patch',
  path: '/{imageId}', // under /v1/assets/image
  operationId: 'patchImage',
  'x-permission': 'products.write',
  tags: ['admin'],
  security: bearerSecurity,
  summary: "Change an image's alt text",
  request: { params: ImageIdParams, body: body(ImagePatch) },
  responses: {
    200: ok('The image', Image),
    400: error('The id is not a UUID or the body is invalid'),
    401: signedOut,
    403: error('The account is not an admin'),
    404: error('No such image'),
  },
});
