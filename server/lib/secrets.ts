import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is `secret`, compared in constant time: their SHA-256 digests have equal length,
 * so neither the time taken nor an early length check tells a guesser how close they came.
 */
export function sameSecret(given: string, secret: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}
