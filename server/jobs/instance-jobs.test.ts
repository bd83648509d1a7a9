import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { freshDatabase } from '../test/harness';
import type { Database } from '../db/client';
import { instanceJobs } from './instance-jobs';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

const clients = () => {
  const made: string[] = [];
  const client =
    <T>(name: string) =>
    () => {
      made.push(name);
      return {} as T;
    };
  return {
    made,
    o: { daraja: client<never>('daraja'), mail: client<never>('mail'), sms: client<never>('sms') },
  };
};

it('runs the shop background work on an instance by default, the reconciler first to stop', () => {
  const { made, o } = clients();
  const jobs = instanceJobs(parseEnv({ NODE_ENV: 'test' }), database, createLogger('silent'), o);
  expect(jobs.map((j) => j.name)).toEqual([
    'payment reconciler',
    'mail outbox',
    'sms outbox',
    'housekeeping',
    'dashboard-rollup',
    'catalogue changes',
  ]);
  expect(made).toEqual(['daraja', 'mail', 'sms']);
});

it('with RUN_JOBS=false keeps only what keeps its own caches true, and makes no gateway client', () => {
  const { made, o } = clients();
  const env = parseEnv({ NODE_ENV: 'test', RUN_JOBS: 'false' });
  expect(instanceJobs(env, database, createLogger('silent'), o).map((j) => j.name)).toEqual([
    'catalogue changes',
  ]);
  expect(made).toEqual([]);
});
