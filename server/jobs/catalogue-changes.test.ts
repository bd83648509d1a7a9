import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { listenForCatalogueChanges, type CatalogueChange } from '../modules/search/listener';
import { eventually, freshDatabase } from '../test/harness';
import { subscribeToCatalogueChanges } from '../lib/catalogue-changes';
import { catalogueChangesJob } from './catalogue-changes';
import { startJobs } from './runner';
import { createLogger } from '../lib/logger';

const logger = createLogger('silent');

let base: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database: base, drop } = await freshDatabase());
});
afterAll(() => drop?.());

const notify = (payload: object) =>
  base.db.execute(sql`select pg_notify('catalogue_changed', ${JSON.stringify(payload)})`);

describe('the shared catalogue notification hub', () => {
  it('fans every payload out to each subscriber over one connection', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const first = subscribeToCatalogueChanges(base, logger, {
      onNotify: (p) => {
        a.push(p);
        throw new Error('a broken subscriber must not starve the others');
      },
      onResync: () => undefined,
    });
    const second = subscribeToCatalogueChanges(base, logger, {
      onNotify: (p) => b.push(p),
      onResync: () => undefined,
    });
    try {
      await Promise.all([first.started, second.started]);
      await eventually(() => first.listening && second.listening, 5_000);
      expect(second.backendPid).toBe(first.backendPid);
      await notify({ op: 'UPDATE', table: 'discounts', scope: 'cache' });
      await eventually(() => b.length === 1);
      expect(a).toEqual(b);
      expect(JSON.parse(b[0]!)).toEqual({ op: 'UPDATE', table: 'discounts', scope: 'cache' });
    } finally {
      await first.close();
      expect(second.listening).toBe(true);
      await second.close();
    }
    expect(second.listening).toBe(false);
  });

  it('hands search only the notifications it indexes from', async () => {
    const seen: CatalogueChange[] = [];
    const search = listenForCatalogueChanges(base, logger, {
      onChange: (c) => seen.push(c),
      onResync: () => undefined,
    });
    const all: string[] = [];
    const cache = subscribeToCatalogueChanges(base, logger, {
      onNotify: (p) => all.push(p),
      onResync: () => undefined,
    });
    try {
      await eventually(() => search.listening, 5_000);
      const id = '00000000-0000-4000-8000-000000000001';
      await notify({ op: 'UPDATE', table: 'variants', scope: 'cache' });
      await notify({ op: 'UPDATE', table: 'products', productIds: [id] });
      await eventually(() => all.length === 2);
      expect(seen).toEqual([{ op: 'UPDATE', table: 'products', productIds: [id] }]);
    } finally {
      await search.close();
      await cache.close();
    }
  });

  it('runs as a job: listening once the jobs start, and no more once they stop', async () => {
    const own = await freshDatabase();
    try {
      const jobs = startJobs([catalogueChangesJob(own.database, logger)], logger);
      const sub = subscribeToCatalogueChanges(own.database, logger, {
        onNotify: () => undefined,
        onResync: () => undefined,
      });
      await eventually(() => sub.listening, 5_000);
      await jobs.stop();
      expect(sub.listening).toBe(false);
    } finally {
      await own.drop();
    }
  });
});
