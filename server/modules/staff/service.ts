import { and, eq, isNull, sql } from 'drizzle-orm';
import { staffChangeRefusal, type StaffMember, type StaffUpdate } from '../../../contract/admin-staff';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { AuthUser } from '../../lib/auth/middleware';
import { revokeUserSessions } from '../../lib/auth/session';
import { AppError, notFound } from '../../lib/errors';
import { recordActivity } from '../activity';

/**
 * A member as the screen shows it. The last sign-in is their newest session, read per member through
 * the sessions' user index (not by grouping every session of the shop).
 */
const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  lastSignInAt: sql<
    string | null
  >`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`,
};

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: StaffMember['role'] | null;
  deactivatedAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | string | null;
};

const toMember = (r: MemberRow): StaffMember => ({
  userId: r.userId,
  name: r.name,
  email: r.email,
  role: r.role!,
  active: r.deactivatedAt === null,
  lastSignInAt: r.lastSignInAt === null ? null : new Date(r.lastSignInAt).toISOString(),
  createdAt: r.createdAt.toISOString(),
});

/** Every staff account: the active before the deactivated, owners first, then by name. */
export async function listStaff(db: Db): Promise<{ count: number; rows: StaffMember[] }> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(eq(users.type, 'admin'))
    .orderBy(
      sql`${users.deactivatedAt} is not null`,
      sql`${users.role} <> 'owner'`,
      sql`lower(${users.name})`,
      users.email,
    );
  return { count: rows.length, rows: rows.map(toMember) };
}

async function memberById(db: Db, userId: string): Promise<StaffMember> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'admin')));
  if (!row) throw notFound('The staff member');
  return toMember(row);
}

/**
 * Applies a change to one member, in one transaction: the active owners are locked first, so two
 * owners demoting or deactivating each other at once are decided one after the other, and the second
 * finds the shop would be left without an owner. A deactivation ends the member's sessions with it.
 */
export async function updateStaff(
  db: Db,
  actor: AuthUser,
  userId: string,
  change: StaffUpdate,
  now = new Date(),
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'admin'), eq(users.role, 'owner'), isNull(users.deactivatedAt)))
      .orderBy(users.id)
      .for('update');
    const [row] = await tx
      .select({ userId: users.id, role: users.role, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.type, 'admin')))
      .for('update');
    if (!row) throw notFound('The staff member');
    const member = { userId: row.userId, role: row.role!, active: row.deactivatedAt === null };
    const refusal = staffChangeRefusal(actor.id, member, change, owners.length);
    if (refusal) throw new AppError(409, refusal.code, refusal.message);

    const role = change.role ?? member.role;
    const active = change.active ?? member.active;
    if (role === member.role && active === member.active) return;
    await tx
      .update(users)
      .set({ role, deactivatedAt: active ? null : (row.deactivatedAt ?? now), updatedAt: now })
      .where(eq(users.id, userId));
    if (!active) await revokeUserSessions(tx, userId, now);
    await recordActivity(tx, actor, [
      ...(role !== member.role
        ? [
            {
              entity: 'staff' as const,
              entityId: userId,
              action: 'role_changed' as const,
              summary: `${member.role} → ${role}`,
            },
          ]
        : []),
      ...(active !== member.active
        ? [
            {
              entity: 'staff' as const,
              entityId: userId,
              action: active ? ('reactivated' as const) : ('deactivated' as const),
            },
          ]
        : []),
    ]);
  });
  return memberById(db, userId);
}
