import type {
  AuthResult,
  ChangePasswordBody,
  ForgotPasswordResult,
  GetUserResult,
  LoginBody,
  LogoutResult,
  ResendOtpResult,
  SetPasswordBody,
  UpdateMeBody,
  UpdateProfileBody,
  User,
  VerifyOtpBody,
  VerifyOtpResult,
} from '@contract/auth';
import type { Country } from '@contract/setups';
import { apiGet, apiPatch, apiPost } from '@/lib/api-client';

/*
 * The accounts calls (docs/behaviour.md#calls, contract/auth.ts). Only types come from the contract here, so
 * these fetchers do not pull zod into the chunks that use them (the account menu's sign-out, for one).
 */

export const authApi = {
  /** Email first: the password step for an account with a password, else a code is sent. */
  getUser: (email: string) => apiPost<GetUserResult>('v1/auth/get-user', { email }),
  login: (body: LoginBody) => apiPost<AuthResult>('v1/auth/login', body),
  verifyOtp: (body: VerifyOtpBody) => apiPost<VerifyOtpResult>('v1/auth/verify-otp', body),
  resendOtp: (id: string) => apiPost<ResendOtpResult>('v1/auth/resend-otp', { id }),
  /** Creates (sign-up) or completes the account with the one-time profile token. */
  updateProfile: (token: string, body: UpdateProfileBody) =>
    apiPatch<AuthResult>(`v1/auth/update-profile/${encodeURIComponent(token)}`, body),
  forgotPassword: (email: string) => apiPost<ForgotPasswordResult>('v1/auth/forgot-password', { email }),
  setPassword: (body: SetPasswordBody) => apiPost<AuthResult>('v1/auth/set-password', body),
  /**
   * Ends a session on the server. `token` names one that is not (or not yet) the stored session's,
   * e.g. a customer's refused at the admin login; without it the client sends the stored one.
   */
  logout: (token?: string) =>
    apiPost<LogoutResult>(
      'v1/auth/logout',
      undefined,
      token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    ),
  me: (signal?: AbortSignal) => apiGet<User>('v1/auth/me', { signal }),
  updateMe: (body: UpdateMeBody) => apiPatch<User>('v1/auth/me', body),
  changePassword: (body: ChangePasswordBody) => apiPost<User>('v1/auth/change-password', body),
  countries: (signal?: AbortSignal) => apiGet<Country[]>('v1/setups/countries', { signal }),
};
