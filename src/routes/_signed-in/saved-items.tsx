import { PageFrame } from '@/components/layout/page-frame';
import { SavedItemsPage } from '@/features/saved-items';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export const Route = createFileRoute('/_signed-in/saved-items')({
  staticData: { title: 'Saved Items' },
  component: Page,
});

function Page() {
  const { t } = useTranslation('savedItems');
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <SavedItemsPage />
    </PageFrame>
  );
}
