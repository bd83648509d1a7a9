import { isApiError, type ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { issueText } from '@/lib/validation';

/**
 * The login flow's toast when a failure carries no message from the server (docs/behaviour.md#error-texts),
 * as English has it; shown in the shown language (`auth:errors.fallback`).
 */
export const AUTH_FALLBACK_ERROR = 'Sorry, We experienced an error!, Please try again later';

// What ApiError says when the body had no message (src/lib/api-client.ts).
const NO_SERVER_MESSAGE = 'Unknown error';

/** The refusals of the sign-in flow whose words never change, by the server's `code`. */
const FIXED: Record<string, string> = {
  invalid_credentials: 'invalidCredentials',
  code_expired: 'codeExpired',
  challenge_used: 'challengeUsed',
  challenge_locked: 'challengeLocked',
  invalid_token: 'tokenInvalid',
  token_used: 'tokenUsed',
  token_expired: 'tokenExpired',
};

/** What a 429 says before "Please try again in n seconds.", by the server's words. */
const RATE_LIMITS: Record<string, string> = {
  'Too many codes were sent to this email.': 'tooManyCodes',
  'A code was sent moments ago.': 'codeJustSent',
  'Too many wrong passwords from this network. "Forgot password?" signs you in with a code now.':
    'tooManyPasswordsNetwork',
  'Too many wrong passwords for this account. "Forgot password?" signs you in with a code now.':
    'tooManyPasswordsAccount',
  'Too many requests.': 'tooManyRequests',
};

/**
 * A refusal the sign-in screens know, in the shown language (the English catalogue has the server's
 * own words); null for one they do not, which is shown as the server wrote it.
 */
function knownRefusal({ code, message }: ApiError): string | null {
  if (FIXED[code]) return translate(`auth:errors.${FIXED[code]}`);
  if (code === 'invalid_code') {
    const left = /(\d+) tr(?:y|ies) left\.$/.exec(message)?.[1];
    return left ? translate('auth:errors.invalidCode', { count: Number(left) }) : null;
  }
  if (code === 'rate_limited') {
    const [, before, seconds] = /^(.*) Please try again in (\d+) seconds\.$/.exec(message) ?? [];
    const key = before ? RATE_LIMITS[before] : undefined;
    return key ? translate(`auth:errors.${key}`, { seconds }) : null;
  }
  if (code === 'password_too_common') {
    const weakness = /^This password (.+)\.$/.exec(message)?.[1];
    return weakness ? translate('auth:errors.passwordWeak', { weakness: issueText(weakness) }) : null;
  }
  if (code === 'not_found' && message === 'This code request was not found.')
    return translate('auth:errors.challengeNotFound');
  if (code === 'wrong_token_purpose' && message === 'Please complete your profile to create the account.')
    return translate('auth:errors.completeProfileFirst');
  if (code === 'conflict' && message === 'An account with this email already exists. Please sign in.')
    return translate('auth:errors.accountExists');
  if (message === 'The current password is not correct.')
    return translate('auth:errors.currentPasswordWrong');
  return null;
}

/** An accounts refusal the screens know (a wrong current password…) in the shown language, else null. */
export const authRefusal = (error: unknown): string | null =>
  isApiError(error) ? knownRefusal(error) : null;

/** The server's message (e.g. a wrong password) in the shown language, else the login-flow fallback. */
function authErrorMessage(error: unknown): string {
  if (isApiError(error) && error.message && error.message !== NO_SERVER_MESSAGE)
    return knownRefusal(error) ?? error.message;
  return translate('auth:errors.fallback');
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
