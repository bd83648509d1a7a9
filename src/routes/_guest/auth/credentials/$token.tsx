import { CredentialsPanel } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

/** `token` is the one-time profile token verify-otp answered for a reset (or a code sign-in). */
export const Route = createFileRoute('/_guest/auth/credentials/$token')({
  staticData: { title: 'Set your password' },
  component: Page,
});

function Page() {
  const { token } = Route.useParams();
  return <CredentialsPanel key={token} token={token} />;
}
