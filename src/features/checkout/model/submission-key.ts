import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export { newIdempotencyKey };

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
