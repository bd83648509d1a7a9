import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';

/** The channel the triggers of migration 0002_search_triggers notify on. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** One notification: the products (or categories) a committed statement touched, or "everything". */
const ChangePayload = z.object({
  op: z.string().optional(),
  table: z.string().optional(),
  productIds: z.array(z.uuid()).optional(),
  categoryIds: z.array(z.uuid()).optional(),
  full: z.boolean().optional(),
});
export type CatalogueChange = z.infer<typeof ChangePayload>;

export interface ChangeHandlers {
  onChange(change: CatalogueChange): void;
  /** Notifications may have been missed (the connection dropped): the index must be rebuilt. */
  onResync(): void;
}

export interface CatalogueListener {
  /** Resolves once the first attempt to listen has finished, whether it worked or not. */
  started: Promise<void>;
  /** Whether notifications are being received right now. */
  readonly listening: boolean;
  /** The PostgreSQL backend holding the LISTEN (tests terminate it to simulate a drop). */
  readonly backendPid: number | null;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** First reconnect delay; doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the connection is checked with a query, to find silently dead sockets. */
  heartbeatMs?: number;
}

/** Listens for catalogue changes on whatever engine the database runs. */
export function listenForCatalogueChanges(
  database: Database,
  logger: Logger,
  handlers: ChangeHandlers,
  options: ListenOptions = {},
): CatalogueListener {
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let parsed: CatalogueChange;
    try {
      parsed = ChangePayload.parse(JSON.parse(payload));
    } catch {
      logger.warn('search: ignored a malformed catalogue notification', { payload: payload.slice(0, 200) });
      return;
    }
    handlers.onChange(parsed);
  };
  if (database.kind === 'pglite' && database.pglite) return pgliteListener(database, logger, deliver);
  if (database.pool) return postgresListener(database.pool, logger, deliver, handlers.onResync, options);
  throw new Error('The database has neither a PGlite instance nor a pool to listen on.');
}

/** PGlite is one process and one connection: listening cannot drop, so there is nothing to resync. */
function pgliteListener(
  database: Database,
  logger: Logger,
  deliver: (payload: string) => void,
): CatalogueListener {
  const pglite = database.pglite!;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const started = pglite.listen(CATALOGUE_CHANNEL, deliver).then(
    (stop) => {
      unlisten = stop;
    },
    (err: Error) => logger.error('search: cannot listen for catalogue changes', { error: err.message }),
  );
  return {
    started,
    get listening() {
      return unlisten !== null && !closed && !pglite.closed;
    },
    backendPid: null,
    async close() {
      closed = true;
      await started;
      if (unlisten && !pglite.closed) await unlisten().catch(() => undefined);
      unlisten = null;
    },
  };
}

/**
 * A dedicated client (not from the pool: a pooled client would be handed back and lose its LISTEN,
 * and a held one would stop `pool.end()`), reconnected with exponential backoff and jitter. Every
 * reconnection after the first asks for a resync, since notifications sent meanwhile are lost.
 */
function postgresListener(
  pool: pg.Pool,
  logger: Logger,
  deliver: (payload: string) => void,
  onResync: () => void,
  options: ListenOptions,
): CatalogueListener {
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const config: pg.ClientConfig = {
    ...(pool.options as pg.ClientConfig),
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  };
  let client: pg.Client | null = null;
  let backendPid: number | null = null;
  let closed = false;
  let attempt = 0;
  let firstAttemptDone = false;
  let retry: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = Math.min(maxBackoff, minBackoff * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt++;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client(config);
    let dead = false;
    const lost = (reason: string) => {
      if (dead) return;
      dead = true;
      if (client === c) {
        client = null;
        backendPid = null;
      }
      c.end().catch(() => undefined);
      if (!closed) {
        logger.warn('search: catalogue listener lost its connection; reconnecting', { reason });
        scheduleReconnect();
      }
    };
    c.on('notification', (msg) => {
      if (msg.channel === CATALOGUE_CHANNEL) deliver(msg.payload ?? '');
    });
    c.on('error', (err) => lost(err.message));
    c.on('end', () => lost('connection ended'));
    try {
      await c.connect();
      const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
      await c.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (closed) {
        dead = true;
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      backendPid = rows[0]?.pid ?? null;
      if (attempt > 0) logger.info('search: catalogue listener reconnected', { attempts: attempt });
      attempt = 0;
      if (firstAttemptDone) onResync();
    } catch (err) {
      lost((err as Error).message);
    } finally {
      firstAttemptDone = true;
    }
  };

  const heartbeat = setInterval(() => {
    const c = client;
    if (!c) return;
    c.query('select 1').catch((err: Error) => {
      // A socket can die without an error event (a cable, a NAT); the query timeout finds it.
      logger.warn('search: catalogue listener heartbeat failed', { error: err.message });
      c.emit('error', err);
    });
  }, heartbeatMs);
  heartbeat.unref();

  const started = connect();
  return {
    started,
    get listening() {
      return client !== null;
    },
    get backendPid() {
      return backendPid;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      retry = null;
      await started;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
