/**
 * `work`'s answer, or an error once `ms` have passed, for a check that must answer quickly
 * however slow the database is (readiness, the metrics' database figures). The work itself goes on;
 * its own failure after the deadline is ignored.
 */
export async function within<T>(ms: number, work: PromiseLike<T>): Promise<T> {
  // Once: a drizzle query runs again each time it is awaited.
  const answer = Promise.resolve(work);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  answer.catch(() => undefined);
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
