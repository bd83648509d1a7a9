import { AdminLoginForm, AuthFrame } from '@/features/auth';
import { InEnglish } from '@/features/language';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/admin/auth')({
  // The back office's door wears none of the shop (cart, shopper's Sign in, shop footer), as the
  // back office itself; the logo leads home.
  staticData: { title: 'Admin sign in', headerless: true, footerless: true },
  component: Page,
});

function Page() {
  return (
    <InEnglish>
      <AuthFrame title="Admin sign in" description="Sign in with your admin account to manage the shop.">
        <AdminLoginForm />
      </AuthFrame>
    </InEnglish>
  );
}
