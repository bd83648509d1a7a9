import { JoinStaffPanel } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

/** `token` is the one-time link of a staff invitation mail. */
export const Route = createFileRoute('/_guest/admin/join/$token')({
  // The back office's doors wear none of the shop, as /admin/auth.
  staticData: { title: 'Join the Sokoni team', headerless: true, footerless: true },
  component: Page,
});

function Page() {
  const { token } = Route.useParams();
  return <JoinStaffPanel key={token} token={token} />;
}
