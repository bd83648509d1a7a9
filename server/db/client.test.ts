import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { freshDatabase } from '../test/harness';

it('opens the embedded database with small shared buffers, as its memory never shrinks', async () => {
  const { database, drop } = await freshDatabase();
  try {
    expect(database.kind).toBe('pglite');
    const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(result.rows[0]!.shared_buffers).toBe('16MB');
  } finally {
    await drop();
  }
});
