/**
 * Runs `task` once the browser has painted the next frame: what a tap must show first (its ripple, a
 * pressed state, the navigation bar) reaches the screen before the work the tap started, which then
 * runs in a task of its own (Interaction to Next Paint, docs/design.md#budgets). Tasks keep their
 * order. A hidden page paints no frames, so there the task only waits for the current one to end.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}

/** {@link afterNextPaint} as a promise, for `await nextPaint()` before the heavy part of a handler. */
export const nextPaint = (): Promise<void> => new Promise((resolve) => afterNextPaint(resolve));
