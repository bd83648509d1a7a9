import { SearchFrame } from '@/features/search/components/search-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/search')({
  staticData: { title: 'Search', headerless: true },
  component: SearchFrame,
});
