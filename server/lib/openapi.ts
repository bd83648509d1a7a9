import type { z } from 'zod';
import { ErrorBody, envelope } from '../../contract/common';

// The pieces every module's routes.ts declares its requests and answers with, so that an answer
// means the same thing (and documents the same way) on every route.

/** A required JSON request body. */
export const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A JSON answer whose body is `schema` as it stands (a list with `meta` beside `data`, say). */
export const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A success answer with its payload under `data` (docs/design.md#answers). */
export const ok = <T extends z.ZodType>(description: string, schema: T) =>
  json(description, envelope(schema));

/** An error answer: the error envelope. */
export const error = (description: string) => json(description, ErrorBody);

/** The `Retry-After` header of an answer that says when to try again (a 429, a 503). */
export const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer' as const, minimum: 1 },
  },
};

/** An answer with `Retry-After`, the seconds to wait before trying again (a 429 or a 503). */
export const retryLater = (description: string) => ({ ...error(description), headers: retryAfterHeader });

/** A 429: a limit was reached. */
export const rateLimited = (description: string) => retryLater(description);

/** The 400 of a route whose only input is a UUID in its path. */
export const badId = error('The id in the path is not a UUID');

/** The 401 of a route behind a bearer token. */
export const signedOut = error('No valid bearer token, or its session has ended');

/** The answers of a route behind `requireAdmin`: 401 signed out, 403 for a customer. */
export const adminsOnly = { 401: signedOut, 403: error('Signed in, but not with an admin account') };
/** The OpenAPI tag of every admin route. */
export const adminTags = ['admin'];

/** The answers of a shoppers-only route (`requireCustomer`): 401 signed out, 403 for an admin. */
export const shoppersOnly = (adminAnswer: string) => ({ 401: signedOut, 403: error(adminAnswer) });

/** The 304 of a route that honours If-None-Match. */
/**
 * For an operation that reads no input and needs no token, so no particular client error is
 * expected: what any 4xx of this API carries, should a client meet one.
 */
export const clientErrors = { '4XX': error('A client error, with the error envelope') };

export const notModified = { description: 'The copy the client holds (If-None-Match) is current' };
