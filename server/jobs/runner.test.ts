import { describe, expect, it } from 'vitest';
import type { Logger } from '../lib/logger';
import { periodic, startJobs, type Job } from './runner';

/** A logger that keeps what it is told, with the job name its child was given. */
function recordingLogger() {
  const lines: string[] = [];
  const make = (fields: Record<string, unknown>): Logger => ({
    debug: () => undefined,
    info: () => undefined,
    warn: (msg) => void lines.push(`warn ${msg} ${String(fields.job ?? '')}`),
    error: (msg, f) => void lines.push(`error ${msg} ${String(f?.job ?? fields.job ?? '')}`),
    child: (more) => make({ ...fields, ...more }),
  });
  return { logger: make({}), lines };
}

/** A job that only records when it starts and stops. */
const recorded = (name: string, events: string[]): Job => ({
  name,
  start() {
    events.push(`start ${name}`);
    return {
      async stop() {
        events.push(`stop ${name}`);
      },
    };
  },
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the job runner', () => {
  it('starts every job and stops them one after another in the order given', async () => {
    const events: string[] = [];
    const { logger } = recordingLogger();
    const jobs = startJobs(
      [recorded('reconciler', events), recorded('mail', events), recorded('listener', events)],
      logger,
    );
    expect(events).toEqual(['start reconciler', 'start mail', 'start listener']);
    await Promise.all([jobs.stop(), jobs.stop()]);
    expect(events.slice(3)).toEqual(['stop reconciler', 'stop mail', 'stop listener']);
  });

  it('keeps the other jobs going when one throws in a pass, at start or at stop', async () => {
    const events: string[] = [];
    const { logger, lines } = recordingLogger();
    let passes = 0;
    const failing = periodic(
      'failing',
      async () => {
        passes++;
        throw new Error('the database went away');
      },
      { everyMs: 10, atStart: true },
    );
    const brokenStart: Job = {
      name: 'broken start',
      start: () => {
        throw new Error('no transport');
      },
    };
    const brokenStop: Job = {
      name: 'broken stop',
      start: () => ({
        stop: async () => {
          throw new Error('stuck');
        },
      }),
    };
    const jobs = startJobs([failing, brokenStart, brokenStop, recorded('healthy', events)], logger);
    expect(events).toEqual(['start healthy']);
    // Readiness names the job that did not start.
    expect(jobs.notStarted).toEqual(['broken start']);
    // A pass that throws is logged, and the next pass still comes.
    await expect.poll(() => passes, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    expect(events).toEqual(['start healthy', 'stop healthy']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'error job pass failed failing',
        'error job did not start broken start',
        'error job did not stop cleanly broken stop',
      ]),
    );
    const after = passes;
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBe(after);
  });

  it('waits for the pass in hand before a stop resolves, and the stops after it wait too', async () => {
    const events: string[] = [];
    const { logger } = recordingLogger();
    const release = deferred();
    const slow = periodic(
      'slow',
      async () => {
        events.push('pass started');
        await release.promise;
        events.push('pass done');
      },
      { everyMs: 60_000, atStart: true, close: () => void events.push('slow closed') },
    );
    const jobs = startJobs([slow, recorded('database user', events)], logger);
    expect(jobs.state).toBe('running');
    await expect.poll(() => events.includes('pass started')).toBe(true);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    expect(jobs.state).toBe('stopping');
    expect(events).not.toContain('stop database user');
    release.resolve();
    await stopping;
    expect(jobs.state).toBe('stopped');
    expect(events).toEqual([
      'pass started',
      'start database user',
      'pass done',
      'slow closed',
      'stop database user',
    ]);
  });

  it('runs again at once after a full batch, or when woken during a pass, and never two passes at once', async () => {
    const { logger } = recordingLogger();
    let batches = 3;
    let inPass = 0;
    let most = 0;
    let passes = 0;
    let wake: () => void = () => undefined;
    const release = deferred();
    const job = periodic(
      'batches',
      async () => {
        passes++;
        inPass++;
        most = Math.max(most, inPass);
        if (passes === 1) await release.promise;
        inPass--;
        return --batches > 0;
      },
      {
        everyMs: 60_000,
        wakeOn: (w) => {
          wake = w;
          return () => (wake = () => undefined);
        },
      },
    );
    const jobs = startJobs([job], logger);
    wake();
    wake(); // during the first pass: noted, not run alongside
    release.resolve();
    // The first pass (a wake-up came during it, and its batch was full), then two more while the
    // batches stay full; the wake-up during the first is served by the second, not by a pass beside it.
    await expect.poll(() => batches, { timeout: 2_000 }).toBe(0);
    await jobs.stop();
    expect(passes).toBe(3);
    expect(most).toBe(1);
  });
});
