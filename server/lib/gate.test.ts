import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGate } from './gate';

/** A job that runs until the test lets it finish. */
function held<T>(value: T) {
  let finish!: () => void;
  let started = false;
  const job = () => {
    started = true;
    return new Promise<T>((resolve) => (finish = () => resolve(value)));
  };
  return { job, finish: () => finish(), started: () => started };
}

const busy = () => new Error('busy');

describe('a gate in front of contended work', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs as many jobs at once as it allows, and the rest in the order they came', async () => {
    const gate = createGate({ concurrency: 2, maxWaitMs: 1_000, busy });
    const jobs = ['a', 'b', 'c', 'd'].map(held);
    const answers = jobs.map((j) => gate.run(j.job));
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.map((j) => j.started())).toEqual([true, true, false, false]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2 });

    jobs[1]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.map((j) => j.started())).toEqual([true, true, true, false]);
    // A newcomer while one waits goes behind it, even with a place just freed.
    const late = held('e');
    const lateAnswer = gate.run(late.job);
    jobs[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs[3]!.started()).toBe(true);
    expect(late.started()).toBe(false);

    jobs[2]!.finish();
    jobs[3]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    late.finish();
    expect(await Promise.all([...answers, lateAnswer])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job that waited its longest, without ever running it', async () => {
    const gate = createGate({ concurrency: 1, maxWaitMs: 500, busy });
    const first = held('first');
    const running = gate.run(first.job);
    const waiting = held('second');
    const refused = gate.run(waiting.job);
    const refusal = expect(refused).rejects.toThrow('busy');
    await vi.advanceTimersByTimeAsync(499);
    expect(gate.stats()).toEqual({ running: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    await refusal;
    expect(gate.stats()).toEqual({ running: 1, waiting: 0 });

    first.finish();
    expect(await running).toBe('first');
    expect(waiting.started()).toBe(false);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a job that failed', async () => {
    const gate = createGate({ concurrency: 1, maxWaitMs: 500, busy });
    await expect(gate.run(() => Promise.reject(new Error('out of stock')))).rejects.toThrow('out of stock');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
