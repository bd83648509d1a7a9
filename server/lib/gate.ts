/**
 * A gate in front of work that contends for the same rows: at most `concurrency` jobs run at once,
 * the others wait in line (first come, first served), and one that waited `maxWaitMs` without a turn
 * is refused with the error `busy()` makes instead of waiting on. Checkouts of one product all lock
 * its variant row; beyond a few at once, more only hold more pool connections while they wait for the
 * lock, and the reads of every other visitor then wait for a connection.
 */
export interface Gate {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now. */
  stats(): { running: number; waiting: number };
}

export function createGate(o: { concurrency: number; maxWaitMs: number; busy: () => Error }): Gate {
  let running = 0;
  const line: { start: () => void; timer: NodeJS.Timeout }[] = [];

  const turn = () =>
    new Promise<void>((resolve, reject) => {
      const waiter = {
        start: resolve,
        timer: setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          reject(o.busy());
        }, o.maxWaitMs),
      };
      line.push(waiter);
    });

  /** A finished job hands its place straight to the first in line, so nobody can jump it. */
  const done = () => {
    const next = line.shift();
    if (!next) {
      running--;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  };

  return {
    async run(job) {
      if (running < o.concurrency) running++;
      else await turn();
      try {
        return await job();
      } finally {
        done();
      }
    },
    stats: () => ({ running, waiting: line.length }),
  };
}
