import { MorePage } from '@/features/help/components/more-page';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/more')({
  staticData: { title: 'More' },
  component: MorePage,
});
