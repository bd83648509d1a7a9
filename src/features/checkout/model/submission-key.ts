import { isApiError } from '@/lib/api-client';

/** A random UUID; `crypto.randomUUID` needs a secure context, so there is a fallback for plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per checkout submission. Sending the same body again after a failure that
 * may not have reached the server (a network error, a timeout, a 5xx) reuses the key, so the server
 * answers with the order it may already have made instead of making a second one. Any definite
 * answer (the order, or a 4xx refusal) closes the submission: the next one gets a new key.
 */
export class SubmissionKeys {
  private open: { key: string; body: string } | null = null;

  /** The key for sending `body` now. */
  keyFor(body: unknown): string {
    const fingerprint = JSON.stringify(body);
    if (this.open?.body !== fingerprint) this.open = { key: newIdempotencyKey(), body: fingerprint };
    return this.open.key;
  }

  /** Records how the submission ended. */
  settle(error?: unknown): void {
    const definite = error === undefined || (isApiError(error) && error.status < 500);
    if (definite) this.open = null;
  }
}
