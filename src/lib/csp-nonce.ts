/**
 * The nonce the server wrote into this page for its Content-Security-Policy (server/lib/csp.ts). The
 * build puts a placeholder in `<meta property="csp-nonce">` (vite.config.ts `html.cspNonce`) and the
 * server swaps in a fresh one per response. Browsers hide a nonce attribute's value from the DOM, so
 * it is read from the property. Style tags Emotion adds at run time carry it; without it, the policy
 * (`style-src 'nonce-…'`) would refuse them.
 */
export function cspNonce(doc: Document | undefined = globalThis.document): string | undefined {
  return doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
