import { JoinStaffPanel } from '@/features/auth';
import { InEnglish } from '@/features/language';
import { createFileRoute } from '@tanstack/react-router';

/** `token` is the one-time link of a staff invitation mail. */
export const Route = createFileRoute('/_guest/admin/join/$token')({
  // The back office's doors wear none of the shop, as /admin/auth.
  staticData: { title: 'Join the Sokoni team', headerless: true, footerless: true },
  component: Page,
});

function Page() {
  const { token } = Route.useParams();
  return (
    <InEnglish>
      <JoinStaffPanel key={token} token={token} />
    </InEnglish>
  );
}
