import type { AuthResult, User } from '@contract/auth';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { updateSessionUser } from '@/features/session';
import { authApi } from './auth-api';
import { authQueries } from './auth-queries';

/** Every sign-in answer carries the user: it is what GET /auth/me would say now. */
const primeMe = (queryClient: QueryClient, result: AuthResult) =>
  queryClient.setQueryData(authQueries.me().queryKey, result.user);

/**
 * Keeps the cached profile and the session's name (the header) in step with a changed user, and
 * asks the server again (eagerly).
 */
const refreshMe = (queryClient: QueryClient, user: User) => {
  updateSessionUser(user);
  queryClient.setQueryData(authQueries.me().queryKey, user);
  return queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey });
};

/**
 * Mutation factories of the accounts feature: the cache work lives here, toasts and
 * navigation where the mutation is called.
 */
export const authMutations = {
  getUser: () =>
    mutationOptions({
      mutationKey: ['auth', 'get-user'],
      mutationFn: (email: string) => authApi.getUser(email),
    }),
  forgotPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'forgot-password'],
      mutationFn: (email: string) => authApi.forgotPassword(email),
    }),
  verifyOtp: () => mutationOptions({ mutationKey: ['auth', 'verify-otp'], mutationFn: authApi.verifyOtp }),
  resendOtp: () =>
    mutationOptions({
      mutationKey: ['auth', 'resend-otp'],
      mutationFn: (id: string) => authApi.resendOtp(id),
    }),
  login: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['auth', 'login'],
      mutationFn: authApi.login,
      onSuccess: (result) => primeMe(queryClient, result),
    }),
  /** The admin login: the same call, but a shopper's answer is refused, so only an admin's primes the cache. */
  adminLogin: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['auth', 'admin-login'],
      mutationFn: authApi.login,
      onSuccess: (result) => {
        if (result.user.type === 'admin') primeMe(queryClient, result);
      },
    }),
  updateProfile: (queryClient: QueryClient, token: string) =>
    mutationOptions({
      mutationKey: ['auth', 'update-profile'],
      mutationFn: (body: Parameters<typeof authApi.updateProfile>[1]) => authApi.updateProfile(token, body),
      onSuccess: (result) => primeMe(queryClient, result),
    }),
  setPassword: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['auth', 'set-password'],
      mutationFn: authApi.setPassword,
      onSuccess: (result) => primeMe(queryClient, result),
    }),
  updateMe: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['auth', 'update-me'],
      mutationFn: authApi.updateMe,
      onSuccess: (user) => refreshMe(queryClient, user),
    }),
  changePassword: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['auth', 'change-password'],
      mutationFn: authApi.changePassword,
      onSuccess: (user) => refreshMe(queryClient, user),
    }),
};
