import { MorePage } from '@/features/help';
import { LanguageSwitch } from '@/features/language';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/more')({
  staticData: { title: 'More' },
  component: () => <MorePage languageSwitch={<LanguageSwitch size="md" />} />,
});
