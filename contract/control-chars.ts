import type { Issue, RequestPart } from './common';

// No string a shopper or an admin sends has a reason to hold a control character: a NUL cannot be
// stored in PostgreSQL text at all (it was a 500), and the others hide text from whoever reads it
// later (a log, the back office, a CSV). One rule for every request part, applied before any schema
// by the server (server/app.ts) and by the mocks (mocks/handlers/system.ts). Bodies keep tab and line
// breaks, which multi-line fields (an address, a description) use; a URL has no use for either.

/** C0 controls except tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_URL = /[\u0000-\u001F\u007F]/;
/** A percent-encoded control character, the only way one can reach a URL on the wire. */
const ENCODED_IN_URL = /%(?:[01][0-9a-f]|7f)/i;

export const CONTROL_CHAR_MESSAGE = 'must not contain control characters';

/** Issues for every string (object keys included) in a parsed JSON body that holds a control character. */
export function controlCharIssues(value: unknown, path: string[] = [], out: Issue[] = []): Issue[] {
  if (typeof value === 'string') {
    if (IN_TEXT.test(value)) out.push({ path: path.join('.'), message: CONTROL_CHAR_MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => controlCharIssues(v, [...path, String(i)], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (IN_TEXT.test(k)) out.push({ path: [...path, k].join('.'), message: CONTROL_CHAR_MESSAGE });
      else controlCharIssues(v, [...path, k], out);
    }
  }
  return out;
}

/**
 * The part of a request's URL (a path segment or a query value) that holds an encoded control character, with the
 * issues to name it; undefined for the (all but universal) URL without one, at the cost of one regex.
 */
export function urlControlChars(href: string): { part: RequestPart; issues: Issue[] } | undefined {
  if (!ENCODED_IN_URL.test(href)) return undefined;
  const url = new URL(href);
  const query: Issue[] = [];
  for (const [key, value] of url.searchParams) {
    if (IN_URL.test(key) || IN_URL.test(value)) query.push({ path: key, message: CONTROL_CHAR_MESSAGE });
  }
  if (query.length) return { part: 'query', issues: query };
  const segment = url.pathname
    .split('/')
    .map(safeDecode)
    .find((s) => IN_URL.test(s));
  return segment === undefined
    ? undefined
    : { part: 'param', issues: [{ path: '', message: CONTROL_CHAR_MESSAGE }] };
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
