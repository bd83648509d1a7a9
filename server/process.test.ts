import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, start, waitForHealth } from './test/process';

// These tests start the real server process, as `npm start` does, so they cover what the in-memory
// app tests cannot: boot, configuration errors, SIGTERM and data surviving a restart.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sokoni-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Sent {
  /** Resolves once the whole request has been handed to the connection. */
  written: Promise<void>;
  response: Promise<{ status: number; connection: string | undefined; body: string }>;
}

/** One GET over `agent` (a new connection of its own without one), read to its end. */
function send(port: number, path: string, agent: http.Agent | false = false): Sent {
  const req = http.request({ host: '127.0.0.1', port, path, agent });
  const written = new Promise<void>((resolve) => req.on('finish', resolve));
  const response = new Promise<Awaited<Sent['response']>>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
  });
  req.end();
  return { written, response };
}

describe('the server process', () => {
  it('starts on an embedded database, answers, stops cleanly on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    const health = await (await waitForHealth(port, first)).json();
    expect(health.data.database).toEqual({ kind: 'pglite', ok: true });

    const missing = await fetch(`http://127.0.0.1:${port}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const lines = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['listening', 'shutting down', 'stopped']),
    );
    const seededOnFirstStart = lines.some((l) => l.msg === 'sample catalogue loaded');

    const second = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // The data directory was reused: the catalogue is not loaded a second time.
    if (seededOnFirstStart) expect(second.output()).not.toContain('sample catalogue loaded');
  }, 120_000);

  it('answers every request it received before SIGTERM, then stops its jobs and exits 0', async () => {
    const port = await freePort();
    const running = start({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '60000' });
    await waitForHealth(port, running);

    // Keep-alive connections that have answered once and sit idle; some of the requests below reuse them.
    const keepAlive = new http.Agent({ keepAlive: true });
    await Promise.all(Array.from({ length: 5 }, () => send(port, '/api/health', keepAlive).response));

    // Catalogue pages the cache has not seen (each one queries the database), some 4xx, over new
    // connections and over the idle keep-alive ones.
    const paths = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 9
        ? `/api/nope-${i}`
        : `/api/v2/products?limit=${50 + i}&sort=${['name', 'price_asc', 'price_desc'][i % 3]}`,
    );
    const sent = paths.map((p, i) => send(port, p, i % 3 === 0 ? keepAlive : false));
    await Promise.all(sent.map((s) => s.written));
    running.child.kill('SIGTERM');

    const outcomes = await Promise.allSettled(sent.map((s) => s.response));
    const failures = outcomes.flatMap((o, i) =>
      o.status === 'rejected' ? [`${paths[i]}: ${o.reason}`] : [],
    );
    expect(failures, running.output()).toEqual([]);
    for (const o of outcomes) {
      const { status, body } = (o as PromiseFulfilledResult<Awaited<Sent['response']>>).value;
      expect(status).toBeLessThan(500);
      expect(() => JSON.parse(body)).not.toThrow();
    }
    expect(await running.exited).toBe(0);
    keepAlive.destroy();

    // Every request was answered before the jobs (which need the database) were stopped, and the
    // idle connections did not hold the shutdown up until its timeout.
    const messages = running.logs().map((l) => l.msg);
    expect(messages).not.toContain('shutdown timed out; closing remaining connections');
    const order = [
      'shutting down',
      'not accepting connections',
      'server closed',
      'jobs stopped',
      'database closed',
      'stopped',
    ];
    expect(messages.filter((m) => order.includes(m))).toEqual(order);
  }, 120_000);

  it('refuses to start with a bad setting and says which', async () => {
    const running = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('PORT');
    expect(running.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('stops with a clear message when PostgreSQL cannot be reached', async () => {
    const running = start({ DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/shop' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Cannot reach PostgreSQL at 127.0.0.1:1/shop');
    expect(running.output()).not.toContain('secret');
  }, 30_000);

  it.each([
    [
      'is a file',
      () => writeFileSync(path.join(dataDir, 'a-file'), 'x'),
      'a-file',
      /it is, or is inside, a file rather than a directory/,
    ],
    [
      'is damaged',
      () => {
        mkdirSync(path.join(dataDir, 'damaged', 'base'), { recursive: true });
        writeFileSync(path.join(dataDir, 'damaged', 'PG_VERSION'), 'not a version');
      },
      'damaged',
      /cannot be opened \(.+\): it is damaged or not a Sokoni database\. Restore it from a backup/,
    ],
  ])(
    'stops with one clear sentence when DATA_DIR %s',
    async (_, prepare, name, message) => {
      prepare();
      const running = start({ DATA_DIR: path.join(dataDir, name) });
      expect(await running.exited).toBe(1);
      expect(running.output()).toMatch(message);
      expect(running.output()).toContain('The server did not start.');
      expect(running.output()).not.toMatch(/at .*\.(ts|js):\d+/);
    },
    60_000,
  );
});
