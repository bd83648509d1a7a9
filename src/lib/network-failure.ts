/*
 * Whether a request failed without an answer from the server. Not part of the API client's module
 * (which every page loads first): only the pages that behave differently offline need it.
 */

/** `fetch` rejects with a TypeError when the request never got an answer; browsers word it differently. */
const NETWORK_FAILURE =
  /failed to fetch|fetch failed|networkerror|network error|load failed|network request failed/i;

/** The request got no answer: the connection failed or dropped, or it timed out (ky's TimeoutError). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TimeoutError') return true;
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}
