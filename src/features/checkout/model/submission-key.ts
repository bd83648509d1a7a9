import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export { newIdempotencyKey };

/** Where the open submission outlives a reload of the page (this tab only: session storage). */
export const OPEN_SUBMISSION_STORAGE_KEY = 'sokoni.checkout.submission';

/**
 * How long an open submission is kept across reloads. A reload in the middle of paying takes
 * seconds; an identical order placed much later is a new order and gets a new key.
 */
export const OPEN_SUBMISSION_MS = 60 * 60_000;

interface OpenSubmission {
  key: string;
  /** A hash of the body: the phone and address are not written to storage. */
  fingerprint: string;
}

/** A 53-bit hash (cyrb53) of the body's JSON, as 14 hex digits. */
function fingerprintOf(body: unknown): string {
  const text = JSON.stringify(body);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The tab's session storage, or null where there is none (or it refuses to be read). */
function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * One Idempotency-Key per checkout submission. Sending the same body again after a failure that
 * may not have reached the server (a network error, a timeout, a 5xx) reuses the key, so the server
 * answers with the order it may already have made instead of making a second one. Any definite
 * answer (the order, or a 4xx refusal) closes the submission: the next one gets a new key. The open
 * submission is also kept in the tab's session storage, so the same body sent after a reload of the
 * page still goes with the same key.
 */
export class SubmissionKeys {
  private open: OpenSubmission | null = null;

  constructor(
    private readonly storage: Storage | null = tabStorage(),
    private readonly now: () => number = Date.now,
  ) {}

  /** The key for sending `body` now. */
  keyFor(body: unknown): string {
    const fingerprint = fingerprintOf(body);
    if (this.open?.fingerprint !== fingerprint) {
      const kept = this.read();
      this.open = kept?.fingerprint === fingerprint ? kept : { key: newIdempotencyKey(), fingerprint };
      this.write(this.open);
    }
    return this.open.key;
  }

  /** Records how the submission ended. */
  settle(error?: unknown): void {
    const definite = error === undefined || (isApiError(error) && error.status < 500);
    if (!definite) return;
    this.open = null;
    try {
      this.storage?.removeItem(OPEN_SUBMISSION_STORAGE_KEY);
    } catch {
      // Nothing kept, nothing to forget.
    }
  }

  private read(): OpenSubmission | null {
    try {
      const raw = this.storage?.getItem(OPEN_SUBMISSION_STORAGE_KEY);
      const kept = raw ? (JSON.parse(raw) as Partial<OpenSubmission & { at: number }>) : null;
      if (
        typeof kept?.key !== 'string' ||
        typeof kept.fingerprint !== 'string' ||
        typeof kept.at !== 'number'
      )
        return null;
      const age = this.now() - kept.at;
      return age >= 0 && age < OPEN_SUBMISSION_MS ? { key: kept.key, fingerprint: kept.fingerprint } : null;
    } catch {
      return null;
    }
  }

  private write(open: OpenSubmission): void {
    try {
      this.storage?.setItem(OPEN_SUBMISSION_STORAGE_KEY, JSON.stringify({ ...open, at: this.now() }));
    } catch {
      // A full or refused storage: the key still holds for as long as the page stays open.
    }
  }
}
