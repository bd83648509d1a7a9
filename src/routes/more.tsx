import { MorePage } from '@/features/help';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/more')({
  staticData: { title: 'More' },
  component: MorePage,
});
