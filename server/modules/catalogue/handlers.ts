import { notFound } from '../../lib/errors';
import { newRouter, type Deps } from '../../lib/http';
import { categoriesRoute, imageRoute, listProductsRoute, productRoute } from './routes';
import { findImageFile, findImageFileMeta, getProduct, listCategories, listProducts } from './service';

export interface CatalogueOptions {
  /** The clock sales are priced against; tests pin it to a discount's exact boundaries. */
  now?: () => Date;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function catalogueModule({ database }: Deps, options: CatalogueOptions = {}) {
  const now = options.now ?? (() => new Date());
  const { db } = database;
  return newRouter()
    .openapi(listProductsRoute, async (c) => c.json(await listProducts(db, c.req.valid('query'), now()), 200))
    .openapi(productRoute, async (c) =>
      c.json({ data: await getProduct(db, c.req.valid('param').id, now()) }, 200),
    )
    .openapi(categoriesRoute, async (c) => c.json({ data: await listCategories(db) }, 200))
    .openapi(imageRoute, async (c) => {
      const { imageId, size } = c.req.valid('param');
      const ifNoneMatch = c.req.header('If-None-Match');
      // A revalidation usually matches; answer it without reading the bytes.
      if (ifNoneMatch) {
        const meta = await findImageFileMeta(db, imageId, size);
        if (!meta) throw notFound('Image');
        const tag = strongEtag(meta.etag);
        if (etagListMatches(ifNoneMatch, tag)) {
          return c.body(null, 304, { ETag: tag, 'Cache-Control': IMMUTABLE });
        }
      }
      const file = await findImageFile(db, imageId, size);
      if (!file) throw notFound('Image');
      // The drivers hand back a Uint8Array over an ArrayBufferLike; Response wants an ArrayBuffer view.
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.byteLength),
        ETag: strongEtag(file.etag),
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
      });
    });
}

/** Quotes a stored validator as a strong ETag, whatever form it was stored in. */
function strongEtag(stored: string): string {
  const bare = stored.replace(/^W\//, '').replace(/[^\x21\x23-\x7e]/g, '');
  return `"${bare}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
function etagListMatches(header: string, tag: string): boolean {
  if (header.trim() === '*') return true;
  const tags: string[] = header.match(/"[^"]*"/g) ?? [];
  return tags.includes(tag);
}
