import type { OtpPurpose } from '@contract/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Where the sign-in flow is, across its pages (/auth → verify-account → complete-profile or
 * credentials). Kept per tab in sessionStorage: the pages are separate routes, a reload must not lose
 * the way back, and nothing personal may travel in a URL (docs/design.md#sign-in-and-sign-up).
 */
interface AuthFlowData {
  /** Where a shopper goes once signed in (the stored redirect target of docs/behaviour.md#session). */
  redirect: string;
  email: string | null;
  purpose: OtpPurpose | null;
  /** The challenge the code was sent for, and when (ms), for the resend timer. */
  challengeId: string | null;
  codeSentAt: number | null;
}

const initial: AuthFlowData = {
  redirect: '/',
  email: null,
  purpose: null,
  challengeId: null,
  codeSentAt: null,
};

const useAuthFlowStore = create<AuthFlowData>()(
  persist(() => initial, {
    name: 'sokoni.auth-flow',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

export const useFlowEmail = () => useAuthFlowStore((s) => s.email);
export const useFlowPurpose = () => useAuthFlowStore((s) => s.purpose);
/** When the code of this challenge was sent, if this tab asked for it. */
export const useCodeSentAt = (challengeId: string) =>
  useAuthFlowStore((s) => (s.challengeId === challengeId ? s.codeSentAt : null));

/** The /auth search that keeps the stored redirect target, for links back to the start of the flow. */
export const useRedirectSearch = (): { redirect?: string } => {
  const redirect = useAuthFlowStore((s) => s.redirect);
  return redirect === '/' ? {} : { redirect };
};

/** Remembers where to go after signing in (the /auth page's `redirect` parameter, default /). */
export const setRedirectTarget = (redirect: string | undefined) =>
  useAuthFlowStore.setState({ redirect: redirect ?? '/' });
export const getRedirectTarget = () => useAuthFlowStore.getState().redirect;

/** The email step answered: remember the email (and the challenge, when a code was sent). */
export const startFlow = (email: string, purpose: OtpPurpose, challengeId: string | null, now = Date.now()) =>
  useAuthFlowStore.setState({ email, purpose, challengeId, codeSentAt: challengeId ? now : null });

/** A new code went out for this challenge. */
export const markCodeSent = (challengeId: string, now = Date.now()) =>
  useAuthFlowStore.setState({ challengeId, codeSentAt: now });

/** Signed in: the flow is over (the redirect target is used up too). */
export const clearFlow = () => useAuthFlowStore.setState(initial);
