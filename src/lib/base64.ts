/**
 * URL-safe base64 (RFC 4648 §5, no padding) of unicode text. Product and category ids travel in
 * /view/product/{id} and /view/category/{category} this way, so they never need escaping in a path.
 */
export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reverses {@link encodeBase64Url}; throws a `TypeError` when the input is not valid URL-safe base64. */
export function decodeBase64Url(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) {
    throw new TypeError('Not a URL-safe base64 string');
  }
  const padded = encoded.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(encoded.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // fatal: a link cut in half must fail loudly instead of showing replacement characters.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** {@link decodeBase64Url} that answers `null` instead of throwing, for route params typed by people. */
export function tryDecodeBase64Url(encoded: string): string | null {
  try {
    return decodeBase64Url(encoded);
  } catch {
    return null;
  }
}
