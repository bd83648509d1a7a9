import { notFound } from '../../lib/errors';
import { newRouter, type Deps, type Mount } from '../../lib/http';
import { etagListMatches, jsonAnswer, sendJson as send } from '../../lib/conditional';
import { catalogueCacheFor, listKey, type CatalogueCache } from './cache';
import { categoriesRoute, imageRoute, listProductsRoute, productRoute } from './routes';
import { findImageFile, findImageFileMeta, getProduct, listCategories, listProducts } from './service';

export interface CatalogueOptions {
  /** The clock sales are priced against; tests pin it to a discount's exact boundaries. */
  now?: () => Date;
  /** The answer cache; `false` answers every read from the database. Default: per env `CATALOGUE_CACHE`. */
  cache?: CatalogueCache | false;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The catalogue: one router per path prefix it answers under. */
export function catalogueModule(deps: Deps, options: CatalogueOptions = {}): Mount[] {
  const now = options.now ?? (() => new Date());
  const { db } = deps.database;
  const cache = options.cache ?? (deps.env.CATALOGUE_CACHE === 'off' ? false : catalogueCacheFor(deps));

  const list = newRouter().openapi(listProductsRoute, async (c) => {
    const query = c.req.valid('query');
    if (!cache) return send(c, jsonAnswer(await listProducts(db, query, now())));
    return send(c, await cache.answer(listKey(query), 'list', now, (at) => listProducts(db, query, at)));
  });

  const product = newRouter().openapi(productRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!cache) return send(c, jsonAnswer({ data: await getProduct(db, id, now()) }));
    return send(
      c,
      await cache.answer(`product:${id.toLowerCase()}`, 'product', now, async (at) => ({
        data: await getProduct(db, id, at),
      })),
    );
  });

  const categories = newRouter().openapi(categoriesRoute, async (c) => {
    if (!cache) return send(c, jsonAnswer({ data: await listCategories(db) }));
    return send(
      c,
      await cache.answer('categories', 'categories', now, async () => ({ data: await listCategories(db) })),
    );
  });

  const images = newRouter().openapi(imageRoute, async (c) => {
    const { imageId, size } = c.req.valid('param');
    const ifNoneMatch = c.req.header('If-None-Match');
    // A revalidation usually matches; answer it without reading the bytes.
    if (ifNoneMatch) {
      const meta = await findImageFileMeta(db, imageId, size);
      if (!meta) throw notFound('Image');
      const tag = strongEtag(meta.etag);
      if (etagListMatches(ifNoneMatch, [tag])) {
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

  return [
    ['/v2/products', list],
    ['/v1/products', product],
    ['/v1/categories', categories],
    ['/v1/assets/image', images],
  ];
}

/** Quotes a stored validator as a strong ETag, whatever form it was stored in. */
function strongEtag(stored: string): string {
  const bare = stored.replace(/^W\//, '').replace(/[^\x21\x23-\x7e]/g, '');
  return `"${bare}"`;
}
