import { PRODUCT_NAME_MAX, type AdminProduct, type ProductInput, type ProductPatch } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductBulkRequest } from '@contract/admin-bulk';
import {
  archiveProduct,
  bulkEditProducts,
  createProduct,
  fetchAdminProduct,
  patchProduct,
  updateProduct,
} from './admin-catalogue-api';
import { adminProductQueries, invalidateCatalogue } from './admin-queries';

/** A hidden copy of a product, named "<name> (copy)"; its variants are new ones. */
function copyOf(p: AdminProduct): ProductInput {
  const suffix = ' (copy)';
  return {
    name: `${p.name.slice(0, PRODUCT_NAME_MAX - suffix.length)}${suffix}`,
    description: p.description,
    recipeTips: p.recipeTips,
    categoryIds: [...p.categoryIds],
    imageIds: [...p.imageIds],
    variants: p.variants
      .filter((v) => v.archivedAt === null)
      .map((v) => ({
        name: v.name,
        price: v.price,
        quantity: v.quantity,
        isAvailable: v.isAvailable || v.quantity === 0,
        attributes: v.attributes.map((a) => ({ ...a })),
      })),
    hidden: true,
  };
}

/**
 * The product writes; each refreshes the back office and the shop. Toasts and
 * navigation stay with the callers.
 */
export function useProductMutations() {
  const queryClient = useQueryClient();
  const onSuccess = (product: AdminProduct) => {
    queryClient.setQueryData(adminProductQueries.detail(product.productId).queryKey, product);
    return invalidateCatalogue(queryClient);
  };
  return {
    create: useMutation({ mutationFn: (input: ProductInput) => createProduct(input), onSuccess }),
    update: useMutation({
      mutationFn: ({ productId, input, version }: { productId: string; input: ProductInput; version: number }) =>
        updateProduct(productId, input, version),
      onSuccess,
    }),
    patch: useMutation({
      mutationFn: ({ productId, patch }: { productId: string; patch: ProductPatch }) => patchProduct(productId, patch),
      onSuccess,
    }),
    archive: useMutation({ mutationFn: (productId: string) => archiveProduct(productId), onSuccess }),
    duplicate: useMutation({
      mutationFn: async (productId: string) => createProduct(copyOf(await fetchAdminProduct(productId))),
      onSuccess,
    }),
  };
}

/** A bulk edit of the products table; the back office and the shop follow as after any product write. */
export function useBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ProductBulkRequest, 'dryRun'>) => bulkEditProducts(body),
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
