import { cleanServerMessage, isApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';

/**
 * The search failure texts (docs/behaviour.md#error-texts) in English, as the spec fixes them; shoppers
 * get them in the shown language (search:errors.*).
 */
export const SEARCH_FETCH_FAILED = 'error fetching search term';
export const SEARCH_FAILED = 'Error searching...';
const fetchFailed = () => translate('search:errors.fetchFailed');
const failed = () => translate('search:errors.failed');

/** What the API client makes of an error body without a message. */
const NO_SERVER_MESSAGE = cleanServerMessage(undefined);

/** `fetch` rejects with a TypeError when the request never got an answer; browsers word it differently. */
const NETWORK_FAILURE =
  /failed to fetch|fetch failed|networkerror|network error|load failed|network request failed/i;

/** The request got no answer: the connection failed or dropped, or it timed out (ky's TimeoutError). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TimeoutError') return true;
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}

/**
 * What the shopper is told when a search fails (docs/behaviour.md#error-texts):
 * - the request failed (no answer, a timeout, a 5xx): 'error fetching search term';
 * - the server refused it (4xx): its message, else 'Error searching...';
 * - anything else thrown: its message, else 'Error searching...'.
 */
export function searchErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status >= 500) return fetchFailed();
    const message = error.message.trim();
    return message && message !== NO_SERVER_MESSAGE ? message : failed();
  }
  if (isNetworkFailure(error)) return fetchFailed();
  if (error instanceof Error) return error.message.trim() || failed();
  if (typeof error === 'string') return error.trim() || failed();
  return failed();
}
