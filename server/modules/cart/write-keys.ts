import { and, eq, lt } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { idempotencyKeyReused } from '../../../contract/checkout-rules';
import type { Db } from '../../db/client';
import { cartWrites } from '../../db/schema';
import { refused } from '../../lib/errors';

/** How long a cart write's Idempotency-Key is remembered: a queue offline longer sends its writes as new. */
const CART_WRITE_KEY_TTL_MS = 24 * 60 * 60_000;

/**
 * Applies a cart write once per Idempotency-Key: with a key, the key is recorded in the write's own
 * transaction, so a replay (the same key, even at the same moment: it waits on the key's row) finds it
 * and changes nothing; a write that is refused records nothing, and its replay is judged again. The
 * same key with another request (`request`, see cartWriteRequest) is a 409. Answers true for a replay.
 */
export async function writeOnce(
  db: Db,
  userId: string,
  key: string | undefined,
  request: string,
  write: (db: Db) => Promise<void>,
): Promise<boolean> {
  if (key === undefined) {
    await write(db);
    return false;
  }
  const requestHash = createHash('sha256').update(request).digest('base64url');
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(cartWrites)
      .values({ userId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: cartWrites.key });
    if (fresh.length === 0) {
      const [used] = await tx
        .select({ requestHash: cartWrites.requestHash })
        .from(cartWrites)
        .where(and(eq(cartWrites.userId, userId), eq(cartWrites.key, key)));
      if (used && used.requestHash !== requestHash) throw refused(idempotencyKeyReused('cart change'));
      return true;
    }
    await write(tx);
    return false;
  });
}

/** Forgets the cart write keys older than a day (the housekeeping job). */
export async function purgeCartWriteKeys(db: Db, now = new Date()) {
  await db
    .delete(cartWrites)
    .where(lt(cartWrites.createdAt, new Date(now.getTime() - CART_WRITE_KEY_TTL_MS)));
}
