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

/** Seconds a 503 `database_unavailable` asks the client to wait: a restart or failover takes about this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// What node-postgres (and the sockets under it) say when the server cannot be reached or went away
// mid-query, and PostgreSQL's own class 08 (connection exception) and 57P01–57P03 (shutting down,
// starting up). A constraint or syntax error is never one of them.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)|terminating connection due to administrator command/i;

/** Whether `err` (or its cause, as drizzle wraps them) says the database cannot be reached just now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The 503 a request gets while the database cannot be reached; its transaction, if any, was not committed. */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'The shop cannot reach its database just now. Please try again in a few seconds.',
    undefined,
    { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
