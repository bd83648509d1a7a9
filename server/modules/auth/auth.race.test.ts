import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, otpChallenges, profileTokens, sessions, users } from '../../db/schema';
import { raceEngine, type TestContext } from '../../test/harness';
import { authTestContext, client, latestCode, uniqueEmail } from '../../test/auth';

// Races (see raceEngine): one code, one token or one resend used by several requests at once.

let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await authTestContext();
  api = client(ctx);
});
afterAll(() => ctx.close());

async function start(email = uniqueEmail()) {
  const { data } = await (await api.post('/auth/get-user', { email })).json();
  return { email, id: data.id as string, code: await latestCode(ctx.database.db, email) };
}

describe(`auth races (${raceEngine})`, () => {
  it('lets exactly one of several concurrent verifications of the same code succeed', async () => {
    const { id, code } = await start();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.post('/auth/verify-otp', { id, otp: code })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(5);
    const tokens = await ctx.database.db
      .select()
      .from(profileTokens)
      .where(eq(profileTokens.challengeId, id));
    expect(tokens).toHaveLength(1);
  });

  it('counts every concurrent wrong code, so a burst cannot exceed 5 tries', async () => {
    const { id, code } = await start();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/auth/verify-otp', { id, otp: wrong })),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    const [row] = await ctx.database.db.select().from(otpChallenges).where(eq(otpChallenges.id, id));
    expect(row!.attempts).toBe(5);
    expect((await api.post('/auth/verify-otp', { id, otp: code })).status).toBe(410);
  });

  it('creates one account from one profile token used concurrently', async () => {
    const { email, id, code } = await start();
    const { data } = await (await api.post('/auth/verify-otp', { id, otp: code })).json();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.patch(`/auth/update-profile/${data.token}`, { name: 'Racer', password: 'race-password' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const accounts = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    const live = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, accounts[0]!.id));
    expect(live).toHaveLength(1);
  });

  it('sends one code for concurrent resends', async () => {
    const { email, id } = await start();
    await ctx.database.db
      .update(otpChallenges)
      .set({ lastSentAt: sql`${otpChallenges.lastSentAt} - interval '61 seconds'` })
      .where(eq(otpChallenges.id, id));
    const results = await Promise.all(Array.from({ length: 4 }, () => api.post('/auth/resend-otp', { id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    expect(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(2);
  });
});
