import { Grid, GridItem, Skeleton, Stack } from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { PageFrame } from '@/components/layout/page-frame';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { mdiPackageVariantRemove } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { adminProductQueries } from '../api/admin-queries';
import { useProductMutations } from '../api/product-mutations';
import { ActivityPanel } from './activity-panel';
import { ConflictNotice, ProductForm } from './product-form';
import { AdjustStockDialog, StockHistoryDialog, type StockVariantLabel } from './stock-dialogs';

/**
 * `products/create`: a new product; once saved (its uploads done) it goes to manage products
 * (docs/behaviour.md#back-office-forms).
 */
export function CreateProductPage({ adminId }: { adminId: string }) {
  const navigate = useNavigate();
  const { create } = useProductMutations();
  return (
    <PageFrame title="Add product" description="Create a new product with its variants, images and categories.">
      <ProductForm
        submitLabel="Create product"
        onSubmit={(input) =>
          create.mutateAsync(input).then((p) => notify.success(`${p.name} was created.`))
        }
        onSaved={() => void navigate({ to: '/admin/$adminId/products', params: { adminId } })}
      />
    </PageFrame>
  );
}

/**
 * `products/{productId}`: edits with the version it loaded; a 409 offers to reload. `?stock=<variantId>`
 * opens that variant's stock history (the dashboard's low-stock list links there).
 */
export function EditProductPage({
  adminId,
  productId,
  stockVariantId,
  onStockHistory,
}: {
  adminId: string;
  productId: string;
  stockVariantId?: string;
  /** Opens a variant's history (undefined closes it): the page's address says which. */
  onStockHistory(variantId: string | undefined): void;
}) {
  const navigate = useNavigate();
  const product = useQuery(adminProductQueries.detail(productId));
  const { update } = useProductMutations();
  const [conflict, setConflict] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<StockVariantLabel | null>(null);

  if (product.isPending) {
    return (
      <PageFrame title="Edit product">
        <Stack gap="4" aria-busy="true">
          <Skeleton height="40" />
          <Skeleton height="60" />
        </Stack>
      </PageFrame>
    );
  }
  if (product.isError) {
    const missing = isApiError(product.error) && (product.error.status === 404 || product.error.status === 400);
    return (
      <PageFrame title="Edit product">
        <EmptyPanel
          icon={mdiPackageVariantRemove}
          tone="muted"
          title={missing ? 'Product not found' : 'The product could not be loaded'}
          description={missing ? 'It may have been removed, or the link is wrong.' : errorMessage(product.error)}
        />
      </PageFrame>
    );
  }

  const labelOf = (variantId: string) => {
    const v = product.data.variants.find((x) => x.variantId === variantId);
    return { variantId, label: v?.name ? `${product.data.name} — ${v.name}` : product.data.name };
  };
  const reload = () =>
    void product.refetch().then((r) => {
      if (r.isSuccess) setConflict(null);
    });

  return (
    <PageFrame title={`Edit ${product.data.name}`} description={`PID ${product.data.pid} · version ${product.data.version}`}>
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 20rem' }} gap="6" alignItems="start">
        <GridItem>
          <ProductForm
            product={product.data}
            submitLabel="Save changes"
            notice={
              conflict ? <ConflictNotice message={conflict} onReload={reload} reloading={product.isFetching} /> : null
            }
            onSubmit={(input) =>
              update
                .mutateAsync({ productId, input, version: product.data.version })
                .then((p) => notify.success(`${p.name} was saved.`))
                .catch((error: unknown) => {
                  if (isApiError(error) && error.status === 409) setConflict(error.message);
                  throw error;
                })
            }
            onSaved={() => void navigate({ to: '/admin/$adminId/products', params: { adminId } })}
            stock={{
              productName: product.data.name,
              levels: new Map(product.data.variants.map((v) => [v.variantId, v.quantity])),
              onAdjust: setAdjusting,
              onHistory: (v) => onStockHistory(v.variantId),
            }}
          />
          {/* Beside the form, not in it: a dialog's submit would bubble to the form's through React. */}
          {adjusting ? <AdjustStockDialog variant={adjusting} onClose={() => setAdjusting(null)} /> : null}
          {stockVariantId ? (
            <StockHistoryDialog adminId={adminId} variant={labelOf(stockVariantId)} onClose={() => onStockHistory(undefined)} />
          ) : null}
        </GridItem>
        <GridItem position={{ xl: 'sticky' }} top={{ xl: '20' }}>
          <ActivityPanel productId={productId} />
        </GridItem>
      </Grid>
    </PageFrame>
  );
}
