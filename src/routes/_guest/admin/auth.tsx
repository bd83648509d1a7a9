import { AdminLoginForm, AuthCard } from '@/features/auth';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/admin/auth')({
  staticData: { title: 'Admin sign in' },
  component: Page,
});

function Page() {
  return (
    <AuthCard title="Admin sign in" description="Sign in with your admin account to manage the shop.">
      <AdminLoginForm />
    </AuthCard>
  );
}
