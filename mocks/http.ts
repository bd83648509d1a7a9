import { HttpResponse } from 'msw';
import type { ZodError } from 'zod';
import { validationMessage, zodIssues, type ErrorBody, type RequestPart } from '../contract/common';
import type { Refusal } from '../contract/stock';

// The HTTP side of the mock API, written once for every handler: the error envelope exactly as the
// server writes it, its 400 for a request part that fails its schema, and how a request is read.

/** A correlation id shaped like the server's, so the SPA's message cutting is exercised. */
const correlationId = () => crypto.randomUUID();

/** The error envelope (docs/design.md#error-envelope), exactly as the server writes it. */
/**
 * Whether a handler helper answered with a response rather than a value. Not `instanceof Response`
 * alone: under Node, @hono/node-server replaces the global Response (the parity test loads both), and
 * msw's HttpResponse extends the one it found first.
 */
export const isResponse = (value: unknown): value is Response =>
  value instanceof HttpResponse || value instanceof Response;

export function errorResponse(
  status: number,
  code: string,
  message: string,
  issues?: ErrorBody['issues'],
  details?: Refusal['details'],
) {
  const id = correlationId();
  const body: ErrorBody = {
    ...details,
    message: `${message} Correlation ID: ${id}`,
    code,
    correlationId: id,
    ...(issues?.length ? { issues } : {}),
  };
  return HttpResponse.json(body, {
    status,
    headers: { 'X-Correlation-Id': id, 'Cache-Control': 'no-store' },
  });
}

/** A refusal of a shared rule (contract/) as the server answers it. */
export const refused = ({ status, code, message, details }: Refusal) =>
  errorResponse(status, code, message, undefined, details);

/** The server's 400 for a request part that fails its schema (server/lib/http.ts newRouter). */
export const invalid = (part: RequestPart, error: ZodError): Response =>
  invalidIssues(part, zodIssues(error));

/** The same 400 for a rule the schema cannot check itself (an id naming nothing the shop has). */
export const invalidIssues = (part: RequestPart, issues: ErrorBody['issues'] & object): Response =>
  errorResponse(400, 'validation_failed', validationMessage(part, issues), issues);

/** The JSON body, or undefined when there is none or it is not JSON (the schema then refuses it). */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** Query values as Hono hands them to the validator: a string, or a list when a key repeats. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
