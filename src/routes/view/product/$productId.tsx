import { CartControl } from '@/features/cart';
import { parseCategoryParam, parseProductParam, ProductPage, productQueries } from '@/features/catalogue';
import { SaveButton } from '@/features/saved-items';
import { createFileRoute } from '@tanstack/react-router';

interface ProductSearch {
  /** The category the shopper came through, URL-safe base64 encoded. */
  c?: string;
}

/**
 * `productId` is the product id, URL-safe base64 encoded; `?c=` optionally carries the category the
 * same way. Build links with productLink/productPath (features/catalogue/model/paths).
 */
export const Route = createFileRoute('/view/product/$productId')({
  staticData: { title: 'Product details' },
  validateSearch: (search: Record<string, unknown>): ProductSearch =>
    typeof search.c === 'string' && search.c ? { c: search.c } : {},
  loader: async ({ context: { queryClient }, params }) => {
    const productId = parseProductParam(params.productId);
    // Failures (404, network) are the page's to show; the loader only primes the cache.
    if (productId) await queryClient.ensureQueryData(productQueries.detail(productId)).catch(() => undefined);
  },
  component: ProductRoute,
});

function ProductRoute() {
  const { productId } = Route.useParams();
  const { c } = Route.useSearch();
  return (
    <ProductPage
      productId={parseProductParam(productId)}
      via={parseCategoryParam(c)}
      renderAction={(product, variant) => <CartControl product={product} variant={variant} size="lg" />}
      renderSave={(product) => <SaveButton productId={product.productId} name={product.name} size="lg" />}
    />
  );
}
