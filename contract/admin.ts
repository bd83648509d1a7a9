/*
 * The back office's catalogue calls (issue 10): products with variants and images, categories,
 * attributes and the activity log. Every route here is for admins only (401 for a guest, 403 for a
 * customer) and is tagged `admin` in the API document. One file per subject; this one gathers them.
 */
export { CATEGORY_COLORS } from './category-colors';
export * from './admin-common';
export * from './admin-products';
export * from './admin-images';
export * from './admin-taxonomy';
export * from './admin-activity';

// ── The routes, as the SPA, the mocks and the server name them ──────────────────────────────────
/*
 * Under /api (all answers in the `{ data }` envelope unless noted; every route admin-only, tag `admin`):
 *   GET    /v1/admin/products            AdminProductQuery → AdminProductList (data + meta)
 *   GET    /v1/admin/products/{id}       → AdminProduct
 *   POST   /v1/products                  ProductInput → 201 AdminProduct
 *   PUT    /v1/products/{id}             ProductInput + If-Match: "<version>" → AdminProduct (ETag "<version>");
 *                                        428 `if_match_required`, 409 `version_conflict` (PRODUCT_VERSION_CONFLICT)
 *   PATCH  /v1/products/{id}             ProductPatch → AdminProduct (hide/show, archive/restore)
 *   DELETE /v1/products/{id}             → AdminProduct (archived; restore with PATCH { archived: false })
 *   POST   /v1/admin/products/bulk       ProductBulkBody → ProductBulkResult (contract/admin-bulk.ts; dryRun writes nothing)
 *   GET    /v1/admin/activity            ActivityQuery → ActivityList (data + meta)
 *   POST   /v1/assets/image              multipart `images` + `altText` parts → 201 UploadedImage[]
 *   PATCH  /v1/assets/image/{imageId}    ImagePatch → Image
 *   POST   /v1/categories                CategoryInput → 201 Category
 *   PUT    /v1/categories/{id}           CategoryInput → Category
 *   DELETE /v1/categories/{id}?moveTo=   → CategoryDeleted
 *   POST   /v1/categories/reorder        CategoryOrder → { count, rows: Category[] }
 *   GET    /v1/attribute?eager=true      → { count, rows: AdminAttribute[] }
 *   POST   /v1/attribute                 AttributeInput → 201 AdminAttribute
 *   PUT    /v1/attribute/{attributeId}?force=   AttributeInput → AdminAttribute (409 `in_use`)
 *   DELETE /v1/attribute/{attributeId}?force=   → AttributeDeleted (409 `in_use`)
 *   DELETE /v1/attribute/{attributeId}/value?force=  AttributeValueBody → AdminAttribute (409 `in_use`)
 */
