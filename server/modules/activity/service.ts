import { and, count, desc, eq } from 'drizzle-orm';
import type { ActivityAction, ActivityEntity, ActivityList, ActivityQuery } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { activityLog } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';

/** One admin write, as the activity log keeps it. */
export interface ActivityRecord {
  entity: ActivityEntity;
  entityId: string;
  action: ActivityAction;
  /** One line in words; empty when the action says it all. */
  summary?: string;
  /** When it happened, if not the transaction's own time (to line it up with what the write stamped). */
  at?: Date;
}

/**
 * Records who did what. Call it with the transaction of the write itself, so a write that rolls
 * back leaves no entry and an entry never names a write that did not happen.
 */
export async function recordActivity(
  db: Db,
  actor: Pick<AuthUser, 'id' | 'name' | 'email'>,
  records: ActivityRecord | readonly ActivityRecord[],
): Promise<void> {
  const list = Array.isArray(records) ? records : [records as ActivityRecord];
  if (list.length === 0) return;
  await db.insert(activityLog).values(
    list.map((r) => ({
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      actorId: actor.id,
      actorName: actor.name || actor.email,
      summary: r.summary ?? '',
      ...(r.at ? { createdAt: r.at } : {}),
    })),
  );
}

/** One record's history, newest first. */
export async function listActivity(db: Db, query: ActivityQuery): Promise<ActivityList> {
  const where = and(eq(activityLog.entity, query.entity), eq(activityLog.entityId, query.id));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      activityId: r.id,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      actorId: r.actorId,
      actorName: r.actorName,
      summary: r.summary,
      at: r.createdAt.toISOString(),
    })),
    meta: { total: totals[0]?.total ?? 0, limit: query.limit, offset: query.offset },
  };
}
