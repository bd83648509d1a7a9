import { CredentialsPanel } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

/** `uniquCode` is the one-time profile token verify-otp answered for a reset (or a code sign-in). */
export const Route = createFileRoute('/_guest/auth/credentials/$uniquCode')({
  staticData: { title: 'Set your password' },
  component: Page,
});

function Page() {
  const { uniquCode } = Route.useParams();
  return <CredentialsPanel key={uniquCode} token={uniquCode} />;
}
