import { REFUSAL_WORD_KEYS } from '@contract/refusal-words';
import { isApiError } from './api-client';
import { translate } from './i18n';
import { notify } from './notify';

/** The catch-all toast texts (docs/behaviour.md#error-texts), as English has them. */
export const GENERIC_ERROR = 'We encountered an error!';
export const GENERIC_ERROR_SHORT = 'An error occurred.';

/*
 * Both in the shown language: `forms:error.generic` (the default fallback below, asked for when it is
 * shown) and `forms:error.genericShort`.
 */
const genericError = () => translate('forms:error.generic');

/**
 * What to tell a person about a failure (docs/behaviour.md#error-texts): the server's message, else the
 * error's own message, else the caller's fallback (by default the catch-all in the shown language).
 */
export function errorMessage(error: unknown, fallback: string = genericError()): string {
  if (isApiError(error)) return refusalInWords(error.body.words) ?? error.message;
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  if (typeof error === 'string' && error.trim()) return error.trim();
  return fallback;
}

/** Shows {@link errorMessage} as an error toast; answers the toast id. */
export function toastError(error: unknown, fallback: string = genericError()) {
  return notify.error(errorMessage(error, fallback));
}

/** The field problems of a 400 answer, by field path. */
export function fieldIssues(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(error.issues.map((i) => [i.path, i.message]));
}

/**
 * A refusal the server sent with its sentences as catalogue keys (contract/refusal-words.ts:
 * out of stock, not enough left, a full cart), said in the shown language; null for any other error,
 * whose message is shown as the server wrote it.
 */
const REFUSAL_KEYS = new Set<string>(REFUSAL_WORD_KEYS);

function refusalInWords(words: unknown): string | null {
  if (!Array.isArray(words) || words.length === 0) return null;
  const sentences = (words as { key?: unknown; values?: Record<string, unknown> }[]).map((w) =>
    typeof w.key === 'string' && REFUSAL_KEYS.has(w.key)
      ? translate(`forms:refusal.${w.key}`, w.values)
      : null,
  );
  return sentences.every((s) => s !== null) ? sentences.join(' ') : null;
}
