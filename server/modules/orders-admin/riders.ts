import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Rider } from '../../../contract/deliveries';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { phoneOrNull } from './list';

// The riders an order can go out with, and the one it went out with.

const riderColumns = { userId: users.id, name: users.name, email: users.email, phone: users.phone };
const toRider = (r: { userId: string; name: string; email: string; phone: string | null }): Rider => ({
  userId: r.userId,
  name: r.name || r.email,
  phone: phoneOrNull(r.phone),
});

/** `GET /v1/admin/riders`: every active staff member with the rider role, by name. */
export async function listRiders(db: Db): Promise<{ count: number; rows: Rider[] }> {
  const rows = await db
    .select(riderColumns)
    .from(users)
    .where(and(eq(users.type, 'admin'), eq(users.role, 'rider'), isNull(users.deactivatedAt)))
    .orderBy(sql`lower(${users.name})`, users.email);
  return { count: rows.length, rows: rows.map(toRider) };
}

/** The rider an order was given to (deactivated since or not), or null. */
export async function riderOf(db: Db, riderId: string | null): Promise<Rider | null> {
  if (!riderId) return null;
  const [row] = await db.select(riderColumns).from(users).where(eq(users.id, riderId));
  return row ? toRider(row) : null;
}
