import { cleanServerMessage, isApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { isNetworkFailure } from '@/lib/network-failure';

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
