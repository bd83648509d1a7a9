import pg from 'pg';
import type { Database } from '../db/client';
import type { Logger } from './logger';

/*
 * One LISTEN per database handle for catalogue notifications (migrations 0002_search_triggers and
 * 0005_catalogue_notify), shared by everything in this process that keeps a copy of the catalogue:
 * the search index and the catalogue response cache. Each subscriber gets every payload as sent
 * and decides for itself what it needs; a reconnection (notifications may have been missed) is
 * announced to all of them as a resync.
 */

/** The channel the catalogue triggers notify on. */
const CATALOGUE_CHANNEL = 'catalogue_changed';

export interface CatalogueSubscriber {
  /** One notification's payload, unparsed (JSON written by the triggers). */
  onNotify(payload: string): void;
  /** Notifications may have been missed (the connection dropped and came back): start afresh. */
  onResync(): void;
}

export interface CatalogueSubscription {
  /** Resolves once the first attempt to listen has finished, whether it worked or not. */
  readonly started: Promise<void>;
  /** Whether notifications are being received right now. */
  readonly listening: boolean;
  /** The PostgreSQL backend holding the LISTEN (null on PGlite or while reconnecting). */
  readonly backendPid: number | null;
  /** Stops this subscription; the connection closes with the last one. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** First reconnect delay; doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the connection is checked with a query, to find silently dead sockets. */
  heartbeatMs?: number;
}

interface Listener {
  started: Promise<void>;
  readonly listening: boolean;
  readonly backendPid: number | null;
  close(): Promise<void>;
}

interface Hub {
  subscribers: Set<CatalogueSubscriber>;
  listener: Listener | null;
  closed: boolean;
}

const hubs = new WeakMap<Database, Hub>();

/**
 * Subscribes to the catalogue notifications of this database handle. The first subscriber opens
 * the shared listening connection (with its logger and options); the last one to leave closes it,
 * and so does closing the database handle.
 */
export function subscribeToCatalogueChanges(
  database: Database,
  logger: Logger,
  subscriber: CatalogueSubscriber,
  options: ListenOptions = {},
): CatalogueSubscription {
  const hub = hubFor(database);
  if (hub.closed) throw new Error('The database handle was closed; it has no catalogue notifications.');
  hub.subscribers.add(subscriber);
  const listener = (hub.listener ??= openListener(
    database,
    hub,
    logger.child({ module: 'catalogue-changes' }),
    options,
  ));
  let subscribed = true;
  return {
    started: listener.started,
    get listening() {
      return subscribed && hub.listener === listener && listener.listening;
    },
    get backendPid() {
      return subscribed && hub.listener === listener ? listener.backendPid : null;
    },
    async close() {
      if (!subscribed) return;
      subscribed = false;
      hub.subscribers.delete(subscriber);
      if (hub.subscribers.size === 0 && hub.listener === listener) {
        hub.listener = null;
        await listener.close();
      }
    },
  };
}

function hubFor(database: Database): Hub {
  let hub = hubs.get(database);
  if (hub) return hub;
  const created: Hub = { subscribers: new Set(), listener: null, closed: false };
  hubs.set(database, created);
  // Stop listening before the database goes: the listener's own connection would otherwise outlive
  // the pool (and keep reconnecting to a database that is being dropped, in tests).
  const closeDatabase = database.close.bind(database);
  database.close = async () => {
    await stopListening(created);
    await closeDatabase();
  };
  hub = created;
  return hub;
}

/** Closes the hub for good: its connection ends and no subscriber hears anything more. */
async function stopListening(hub: Hub) {
  hub.closed = true;
  const listener = hub.listener;
  hub.listener = null;
  hub.subscribers.clear();
  await listener?.close().catch(() => undefined);
}

/**
 * Closes this database handle's listening connection for good (the catalogue changes job stops with
 * it): no subscriber hears anything more, and the cache then answers from the database.
 */
export function stopCatalogueChanges(database: Database): Promise<void> {
  return stopListening(hubFor(database));
}

function openListener(database: Database, hub: Hub, logger: Logger, options: ListenOptions): Listener {
  // Each subscriber on its own: one that throws must not keep the notification from the others.
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    for (const s of [...hub.subscribers]) {
      try {
        s.onNotify(payload);
      } catch (err) {
        logger.error('a catalogue change subscriber failed', { error: (err as Error).message });
      }
    }
  };
  const resync = () => {
    for (const s of [...hub.subscribers]) {
      try {
        s.onResync();
      } catch (err) {
        logger.error('a catalogue change subscriber failed to resync', { error: (err as Error).message });
      }
    }
  };
  if (database.kind === 'pglite' && database.pglite) return pgliteListener(database, logger, deliver);
  if (database.pool) return postgresListener(database.pool, logger, deliver, resync, options);
  throw new Error('The database has neither a PGlite instance nor a pool to listen on.');
}

/** PGlite is one process and one connection: listening cannot drop, so there is nothing to resync. */
function pgliteListener(database: Database, logger: Logger, deliver: (payload: string) => void): Listener {
  const pglite = database.pglite!;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const started = pglite.listen(CATALOGUE_CHANNEL, deliver).then(
    (stop) => {
      unlisten = stop;
    },
    (err: Error) => logger.error('cannot listen for catalogue changes', { error: err.message }),
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
): Listener {
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
        logger.warn('catalogue listener lost its connection; reconnecting', { reason });
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
      if (attempt > 0) logger.info('catalogue listener reconnected', { attempts: attempt });
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
      logger.warn('catalogue listener heartbeat failed', { error: err.message });
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
