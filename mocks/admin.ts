import type { ActivityAction, ActivityEntity } from '../contract/admin';
import { can, refusalMessage, type Permission } from '../contract/roles';
import { authenticate, type MockUser } from './auth-db';
import { mockDb } from './db';
import { errorResponse } from './http';

/*
 * What every mocked admin route shares: the server's guards (server/lib/auth/middleware.ts
 * requireAdmin and permit: 401 for a guest, 403 for a shopper or for a role without the route's
 * permission) and the activity log each write adds to.
 */

const ADMINS_ONLY_MESSAGE = 'This needs an admin account.';

/** The staff member a request is for, when their role has the permission; else the answer that refuses it. */
export function adminOf(request: Request, permission: Permission): { admin: MockUser } | { error: Response } {
  const session = authenticate(request);
  if (!session) return { error: errorResponse(401, 'unauthorized', 'Please sign in.') };
  if (session.user.type !== 'admin') return { error: errorResponse(403, 'forbidden', ADMINS_ONLY_MESSAGE) };
  const refusal = lacking(session.user, permission);
  return refusal ? { error: refusal } : { admin: session.user };
}

/** The 403 naming what is missing when the staff member's role lacks the permission (server: `demand`). */
export const lacking = (user: Pick<MockUser, 'role'>, permission: Permission): Response | undefined =>
  can(user.role, permission)
    ? undefined
    : errorResponse(403, 'forbidden', refusalMessage(user.role, permission));

/** Records who did what, as server/modules/activity/service.ts does. */
export function recordActivity(
  actor: MockUser,
  entity: ActivityEntity,
  entityId: string,
  action: ActivityAction,
  summary = '',
): void {
  mockDb.activity.push({
    activityId: crypto.randomUUID(),
    entity,
    entityId,
    action,
    actorId: actor.id,
    actorName: actor.name || actor.email,
    summary,
    at: new Date().toISOString(),
  });
}

/**
 * Products whose variants a taxonomy write changed behind their editors' backs: their version moves
 * on (a form opened before answers 409) and their own history says why (server/modules/taxonomy/writes.ts).
 */
export function touchProducts(actor: MockUser, productIds: Iterable<string>, summary: string): void {
  const now = new Date();
  for (const id of productIds) {
    const product = mockDb.catalogue.products.find((p) => p.id === id);
    if (!product) continue;
    product.version += 1;
    product.updatedAt = now;
    recordActivity(actor, 'product', id, 'updated', summary);
  }
}
