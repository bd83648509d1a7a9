import { SignInFlow } from '@/features/auth';
import { safeRedirect } from '@/features/session';
import { createFileRoute } from '@tanstack/react-router';

export interface AuthSearch {
  /** Where to go after signing in (docs/behaviour.md#routes); only same-site paths are kept. */
  redirect?: string;
}

export const Route = createFileRoute('/_guest/auth/')({
  staticData: { title: 'Sign in', headerless: true },
  validateSearch: (search: Record<string, unknown>): AuthSearch => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  component: AuthPage,
});

function AuthPage() {
  const { redirect } = Route.useSearch();
  return <SignInFlow redirect={redirect} />;
}
