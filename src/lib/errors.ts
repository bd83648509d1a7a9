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
  if (isApiError(error)) return error.message;
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
