import { CompleteProfilePanel } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

/** `uniquCode` is the one-time profile token verify-otp answered for a new account. */
export const Route = createFileRoute('/_guest/auth/complete-profile/$uniquCode')({
  staticData: { title: 'Complete your profile' },
  component: Page,
});

function Page() {
  const { uniquCode } = Route.useParams();
  return <CompleteProfilePanel key={uniquCode} token={uniquCode} />;
}
