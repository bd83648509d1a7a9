import { PageFrame } from '@/components/layout/page-frame';
import { SavedItemsPage } from '@/features/saved-items';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_signed-in/saved-items')({
  staticData: { title: 'Saved Items' },
  component: Page,
});

function Page() {
  return (
    <PageFrame title="Saved Items" description="Products you saved for later, at today's prices.">
      <SavedItemsPage />
    </PageFrame>
  );
}
