import type { Database } from '../db/client';
import { stopCatalogueChanges, subscribeToCatalogueChanges } from '../lib/catalogue-changes';
import type { Logger } from '../lib/logger';
import type { Job } from './runner';

/**
 * The listening connection as a job: it opens when the jobs start (the search index and the
 * catalogue cache subscribe to it as they are created) and closes when they stop, before the
 * database does; from then on the cache answers from the database and stores nothing.
 */
export function catalogueChangesJob(database: Database, logger: Logger): Job {
  return {
    name: 'catalogue changes',
    start() {
      subscribeToCatalogueChanges(database, logger, { onNotify: () => undefined, onResync: () => undefined });
      return { stop: () => stopCatalogueChanges(database) };
    },
  };
}
