import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

/** `productId` is URL-safe base64 encoded (see lib/base64). */
export const Route = createFileRoute('/view/product/$productId')({
  staticData: { title: 'Product details' },
  component: ProductPage,
});

function ProductPage() {
  return <PageFrame title="Product details" description="Photos, price, variants and recipe tips of this product." />;
}
