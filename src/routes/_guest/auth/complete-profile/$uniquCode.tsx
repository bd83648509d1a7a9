import { PageFrame } from '@/components/layout/page-frame';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/auth/complete-profile/$uniquCode')({
  staticData: { title: 'Complete your profile' },
  component: Page,
});

function Page() {
  return <PageFrame title="Complete your profile" description="Tell us your name and phone number to finish creating your account." />;
}
