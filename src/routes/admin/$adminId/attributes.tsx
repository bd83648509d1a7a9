import { permitted } from '@/features/admin';
import { attributeQueries, AttributesPage } from '@/features/admin-taxonomy';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$adminId/attributes')({
  beforeLoad: permitted('taxonomy.write'),
  staticData: { title: 'Attributes' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(attributeQueries.list(true)),
  component: AttributesPage,
});
