import { AdminLayout } from '@/features/admin';
import { InEnglish } from '@/features/language';
import { adminOnly } from '@/features/session';
import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * The admin layout (docs/behaviour.md#routes): signed-in admins only, and only their own id. The guard sits
 * on this layout route rather than a pathless one because it needs the `adminId` param.
 */
export const Route = createFileRoute('/admin/$adminId')({
  // The back office has its own top bar and sidebar instead of the shop's header and footer.
  staticData: { title: 'Admin', headerless: true, footerless: true },
  beforeLoad: ({ context, params }) => {
    const to = adminOnly(context.session(), params.adminId);
    if (to) throw redirect({ ...to, replace: true });
  },
  // The back office stays in English, whatever language the shop is shown in.
  component: () => (
    <InEnglish>
      <AdminLayout />
    </InEnglish>
  ),
});
