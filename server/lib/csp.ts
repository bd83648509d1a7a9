import { randomBytes } from 'node:crypto';

// The Content-Security-Policy of every HTML page the server sends (issue 13 §6). Scripts and styles
// come from the shop's own origin or carry the response's nonce: no inline script or style without
// it, no eval, no plugins, no <base>, no framing. The build marks its tags with a placeholder nonce
// (vite.config.ts `html.cspNonce`), swapped here for a fresh one per response; Emotion's style tags
// take it from `<meta property="csp-nonce">` (src/lib/csp-nonce.ts).

/** What the build writes where a nonce goes. */
export const NONCE_PLACEHOLDER = 'SOKONI_CSP_NONCE';

/** 128 random bits, base64: a nonce for one response. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The origins the SPA may call besides its own: an API on another origin (VITE_API_BASE_URL) and the
 * configured Sentry ingest (VITE_SENTRY_DSN), the same variables the build reads.
 */
export function connectSources(env: Record<string, string | undefined> = process.env): string[] {
  const out = new Set<string>();
  for (const value of [env.VITE_API_BASE_URL, env.VITE_SENTRY_DSN]) {
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') out.add(url.origin);
    } catch {
      // a relative API base (the default `/api`) is the page's own origin
    }
  }
  return [...out];
}

/** The policy of an SPA page answered with `nonce`. */
export function pagePolicy(nonce: string, connect: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of the API docs page (/api/docs): its scripts are files of the shop's origin, but
 * Swagger UI writes inline style attributes, so styles may be inline there, and only there.
 */
export const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
