import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validationMessage, type Issue, type RequestPart } from '../../contract/common';
import type { Refusal } from '../../contract/stock';

/** A failure the client can act on; becomes the error envelope with its status. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
    /** Fields the body carries beside the envelope's (the new figures of `price_changed`). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} was not found.`);
/**
 * The 400 a request part's schema answers (`validation_failed`, the first issue in words), for a
 * rule the schema cannot check itself: a real icon, a known id.
 */
export const invalid = (part: RequestPart, issues: Issue[]) =>
  new AppError(400, 'validation_failed', validationMessage(part, issues), issues);
export const badRequest = (message: string, issues?: Issue[]) =>
  new AppError(400, 'bad_request', message, issues);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'forbidden', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** A refusal of a shared rule (contract/) as the error the handlers answer with. */
export const refused = ({ status, code, message, details }: Refusal) =>
  new AppError(status, code, message, undefined, undefined, details);

/** Whether `err` (or its cause) is PostgreSQL's unique violation of `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
  ) {
    if (e.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
