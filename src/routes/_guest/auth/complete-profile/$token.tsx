import { CompleteProfilePanel } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

/** `token` is the one-time profile token verify-otp answered for a new account. */
export const Route = createFileRoute('/_guest/auth/complete-profile/$token')({
  staticData: { title: 'Complete your profile' },
  component: Page,
});

function Page() {
  const { token } = Route.useParams();
  return <CompleteProfilePanel key={token} token={token} />;
}
