import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

/** `category` is the category id, URL-safe base64 encoded (see lib/base64). */
export const Route = createFileRoute('/view/category/$category')({
  staticData: { title: 'Category' },
  component: CategoryPage,
});

function CategoryPage() {
  return <PageFrame title="Category" description="All the products of this category." />;
}
