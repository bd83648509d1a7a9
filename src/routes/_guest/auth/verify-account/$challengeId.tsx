import { VerifyCodePanel } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

/**
 * `challengeId` is the opaque id of the code's challenge (docs/design.md#sign-in-and-sign-up); nothing
 * personal is in the URL.
 */
export const Route = createFileRoute('/_guest/auth/verify-account/$challengeId')({
  staticData: { title: 'Verify your account' },
  component: Page,
});

function Page() {
  const { challengeId } = Route.useParams();
  return <VerifyCodePanel key={challengeId} challengeId={challengeId} />;
}
