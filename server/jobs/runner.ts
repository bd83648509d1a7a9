import type { ErrorReporter } from '../lib/error-reporting';
import type { Logger } from '../lib/logger';

// Background work runs in every API instance, so each job takes its work through the database
// (FOR UPDATE SKIP LOCKED with a lease, or an idempotent delete) and never from process memory:
// two instances never do the same piece twice, and a crashed one's claims run out.

/** One piece of background work, started and stopped with the server by `startJobs`. */
export interface Job {
  readonly name: string;
  /**
   * Starts the work; `stop()` ends it and resolves once what it had in hand is done. A failure it
   * only logs otherwise (a pass that threw) goes to `report` too.
   */
  start(log: Logger, report?: (err: unknown) => void): { stop(): Promise<void> };
}

export interface PeriodicOptions {
  /** The longest time between two passes. */
  everyMs: number;
  /** Subscribes `wake` to news that work arrived (a pass then runs at once); answers the unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
  /** Whether the first pass runs at start rather than after `everyMs`. */
  atStart?: boolean;
  /** Frees what the job holds once its last pass is over. */
  close?: () => void | Promise<void>;
}

/**
 * A job that runs `pass` every `everyMs`, never two passes at once, and again at once when a pass
 * answers true (a full batch: more may be due) or a wake-up came during it. A pass that throws is
 * logged and the next one runs as planned.
 */
export function periodic(name: string, pass: () => Promise<boolean | void>, o: PeriodicOptions): Job {
  return {
    name,
    start(log, report) {
      let running: Promise<void> | undefined;
      let again = false;
      let stopped = false;
      const drain = async () => {
        do {
          again = false;
          try {
            if (await pass()) again = true;
          } catch (err) {
            log.error('job pass failed', {
              job: name,
              error: err instanceof Error ? err.message : String(err),
            });
            report?.(err);
          }
        } while (again && !stopped);
      };
      const run = () => {
        running = drain().finally(() => (running = undefined));
      };
      // The timer only makes sure a pass happens at least every everyMs; a wake-up is news of work.
      const tick = () => {
        if (!stopped && !running) run();
      };
      const wake = () => {
        if (stopped) return;
        if (running) again = true;
        else run();
      };
      const timer = setInterval(tick, o.everyMs);
      timer.unref();
      const unsubscribe = o.wakeOn?.(wake);
      if (o.atStart) run();
      return {
        async stop() {
          stopped = true;
          clearInterval(timer);
          unsubscribe?.();
          await running;
          await o.close?.();
        },
      };
    },
  };
}

/** The jobs `startJobs` started. */
export interface RunningJobs {
  /** `running` until `stop()` is called, `stopped` once every job has stopped (readiness reads it). */
  readonly state: 'running' | 'stopping' | 'stopped';
  /** The names of the jobs that threw when started (logged; the others run). */
  readonly notStarted: readonly string[];
  /** Stops the jobs one after another, in the order they were given; calling it again waits for the same stop. */
  stop(): Promise<void>;
}

/**
 * Starts every job. A job that fails to start or to stop is logged and does not keep the others
 * from starting or stopping. Give them in the order they must stop: a job that still needs
 * another service (the reconciler needs Daraja and the database) comes before what closes it.
 */
export function startJobs(
  jobs: readonly Job[],
  logger: Logger,
  errors?: Pick<ErrorReporter, 'report'>,
): RunningJobs {
  const started: { name: string; stop(): Promise<void> }[] = [];
  const notStarted: string[] = [];
  for (const job of jobs) {
    try {
      const handle = job.start(logger.child({ job: job.name }), (err) =>
        errors?.report(err, { where: 'job pass', job: job.name }),
      );
      started.push({ name: job.name, stop: () => handle.stop() });
    } catch (err) {
      notStarted.push(job.name);
      logger.error('job did not start', {
        job: job.name,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  let stopping: Promise<void> | undefined;
  let state: RunningJobs['state'] = 'running';
  return {
    get state() {
      return state;
    },
    notStarted,
    stop() {
      stopping ??= (async () => {
        state = 'stopping';
        for (const job of started) {
          await job.stop().catch((err: unknown) =>
            logger.error('job did not stop cleanly', {
              job: job.name,
              error: err instanceof Error ? err.message : String(err),
            }),
          );
        }
        state = 'stopped';
      })();
      return stopping;
    },
  };
}
