import { LandingHero } from '@/features/search/components/landing-hero';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  staticData: { title: 'Home' },
  component: LandingPage,
});

function LandingPage() {
  return <LandingHero />;
}
