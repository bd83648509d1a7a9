import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseKenyanPhone } from '../../../contract/phone';
import { createUser } from '../../test/auth';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { phoneEnding } from '../../test/shop';
import { countPrompt } from './prompt-limits';

// Races (see raceEngine): many shoppers prompting one phone at the same moment, each in the
// transaction of its own checkout, as the checkout and "pay again" run it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe(`prompt limits (${raceEngine})`, () => {
  it('lets exactly the minute allowance of 12 concurrent prompts reach one phone, across a minute boundary', async () => {
    const db = ctx.database.db;
    const phone = normaliseKenyanPhone(phoneEnding('00'))!;
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    // Half of them half a second before 08:01, half just after: one minute's allowance in all.
    const when = (i: number) => new Date(Date.parse('2032-07-01T08:01:00Z') + (i % 2 ? 500 : -500));
    const outcomes = await Promise.all(
      users.map((u, i) =>
        db
          .transaction((tx) => countPrompt(tx, ctx.env, u.id, phone, when(i)))
          .then(
            () => 'sent',
            (e: { status?: number }) => e.status ?? String(e),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(ctx.env.PROMPTS_PER_PHONE_PER_MINUTE);
    expect(outcomes.filter((o) => o === 429)).toHaveLength(12 - ctx.env.PROMPTS_PER_PHONE_PER_MINUTE);
  });
});
