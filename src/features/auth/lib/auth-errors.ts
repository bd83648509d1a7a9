import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * The login flow's toast when a failure carries no message from the server (docs/behaviour.md#error-texts).
 */
export const AUTH_FALLBACK_ERROR = 'Sorry, We experienced an error!, Please try again later';

// What ApiError says when the body had no message (src/lib/api-client.ts).
const NO_SERVER_MESSAGE = 'Unknown error';

/** The server's message (e.g. a wrong password), else the login-flow fallback. */
function authErrorMessage(error: unknown): string {
  if (isApiError(error) && error.message && error.message !== NO_SERVER_MESSAGE) return error.message;
  return AUTH_FALLBACK_ERROR;
}

/** Shows {@link authErrorMessage} as an error toast. */
export const toastAuthError = (error: unknown) => notify.error(authErrorMessage(error));

/** The challenge or profile token can no longer be used (used, locked, expired, unknown): start again. */
export const isDeadEnd = (error: unknown) =>
  isApiError(error) &&
  (error.status === 404 ||
    error.status === 410 ||
    error.code === 'invalid_token' ||
    error.code === 'wrong_token_purpose');
