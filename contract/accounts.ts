import type { GetUserResult, User, UserType } from './auth';
import type { Language } from './languages';
import type { StaffRole } from './roles';

// The account rules the server and the mocks share: how emails compare, how an account reads, and
// where the email-first sign-in goes next (docs/design.md#sign-in-and-sign-up).

/** Emails compare case-insensitively; accounts keep them lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** An account as stored. */
export interface AccountRecord {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  country: string | null;
  type: UserType;
  /** A staff account's role; null for a shopper. */
  role: StaffRole | null;
  language: Language;
  smsUpdates: boolean;
  createdAt: Date;
}

/** The public shape of an account. */
export const userView = (u: AccountRecord): User => ({
  userId: u.id,
  email: u.email,
  name: u.name,
  phone: u.phone,
  country: u.country,
  type: u.type,
  role: u.role,
  language: u.language,
  smsUpdates: u.smsUpdates,
  createdAt: u.createdAt.toISOString(),
});

/** What a known email needs: the password step when the account has one, else a code to log in or register. */
export const codePurpose = (account: { hasPassword: boolean } | null): 'login' | 'register' | null =>
  account?.hasPassword ? null : account ? 'login' : 'register';

/**
 * `get-user`: a known account with a password goes to the password step; anyone else was sent a code,
 * whose challenge id the caller passes (null only on the password step).
 */
export function signInStep(
  account: { name: string; hasPassword: boolean } | null,
  challengeId: string | null,
): GetUserResult {
  const purpose = codePurpose(account);
  if (purpose === null || challengeId === null) {
    return {
      loginType: 'password',
      id: null,
      purpose: 'login',
      otp: false,
      exist: true,
      user: account ? { name: account.name } : null,
    };
  }
  return {
    loginType: 'otp',
    id: challengeId,
    purpose,
    otp: true,
    exist: account !== null,
    user: account ? { name: account.name } : null,
  };
}

/** Why an admin gets a 403 from the cart, checkout, orders and saved items (docs/behaviour.md#roles). */
export const SHOPPERS_ONLY_MESSAGE =
  'Admins get no cart, orders or saved items: sign in with a shopper account to shop.';
