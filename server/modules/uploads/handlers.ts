import type { ZodError } from 'zod';
import { validationMessage, zodIssues } from '../../../contract/common';
import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { AppError } from '../../lib/errors';
import { newRouter, type Deps, type Mount } from '../../lib/http';
import { multipartOnly, patchImageRoute, uploadBodyLimit, uploadImagesRoute } from './routes';
import { patchImage, uploadImages } from './service';

/**
 * Admins' image uploads and alt-text edits, beside the catalogue's public GET of the renditions
 * under the same prefix (their methods differ, so the two routers never answer alike).
 */
export function uploadsModule(deps: Deps): Mount[] {
  const { db } = deps.database;
  const admin = requireAdmin(deps);

  const router = newRouter();
  router.openapi(
    { ...uploadImagesRoute, middleware: [admin, multipartOnly, uploadBodyLimit] },
    async (c) => {
      const form = c.req.valid('form');
      return c.json({ data: await uploadImages(db, currentUser(c), form.images, form.altText) }, 201);
    },
    (result) => {
      // The form's shape is wrong (no image, too many, an alt text too long): 400 `invalid_upload`.
      if (!result.success) {
        const issues = zodIssues(result.error as ZodError);
        throw new AppError(400, 'invalid_upload', validationMessage('form', issues), issues);
      }
      return undefined;
    },
  );
  router.openapi({ ...patchImageRoute, middleware: [admin] }, async (c) => {
    const { imageId } = c.req.valid('param');
    return c.json({ data: await patchImage(db, currentUser(c), imageId, c.req.valid('json')) }, 200);
  });

  return [['/v1/assets/image', router]];
}
