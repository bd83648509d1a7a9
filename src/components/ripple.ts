import { useEffect } from 'react';

/** The ripple waits 80 ms (docs/behaviour.md#theme), so a press that turns into a scroll does not flash. */
export const RIPPLE_DELAY_MS = 80;
const HOSTS = '.chakra-button, [data-ripple]';
const SKIP = ':disabled, [aria-disabled="true"], [data-loading], [data-no-ripple]';

/** Draws a wave in `host` from the press point (`clientX`, `clientY`, the viewport's coordinates). */
function spawn(host: HTMLElement, clientX: number, clientY: number) {
  const { left, top, width, height } = host.getBoundingClientRect();
  const x = clientX - left;
  const y = clientY - top;
  const radius = Math.hypot(Math.max(x, width - x), Math.max(y, height - y));
  const wave = document.createElement('span');
  wave.className = 'sokoni-ripple';
  wave.setAttribute('aria-hidden', 'true');
  wave.style.width = wave.style.height = `${radius * 2}px`;
  wave.style.left = `${x - radius}px`;
  wave.style.top = `${y - radius}px`;
  host.appendChild(wave);
  const remove = () => wave.remove();
  wave.addEventListener('animationend', remove, { once: true });
  // In case the animation never runs (reduced motion, hidden tab).
  window.setTimeout(remove, 1000);
}

/**
 * One listener on the document gives every button (Chakra's `.chakra-button`, or anything marked
 * `data-ripple`) a Material ripple from the press point, instead of wrapping each button.
 * Answers the function that removes it.
 */
export function installRipple(root: Document = document): () => void {
  let pending: { timer: number; show: () => void } | null = null;

  const cancel = () => {
    if (pending) window.clearTimeout(pending.timer);
    pending = null;
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const host = event.target.closest<HTMLElement>(HOSTS);
    if (!host || host.matches(SKIP)) return;
    const { clientX, clientY } = event;
    // The button is measured in the frame that draws the wave, not in the press's handlers: a read
    // there makes the browser lay out the pressed state in the middle of the press, once for the
    // pointer going down and again going up, and a cheap phone feels it (Interaction to Next Paint).
    const show = () => requestAnimationFrame(() => spawn(host, clientX, clientY));
    cancel();
    pending = {
      show,
      timer: window.setTimeout(() => {
        pending = null;
        show();
      }, RIPPLE_DELAY_MS),
    };
  };
  // A quick tap ends before the delay: show the ripple in the next frame so the press still gets feedback.
  const onPointerUp = () => {
    const next = pending;
    cancel();
    next?.show();
  };

  root.addEventListener('pointerdown', onPointerDown, { passive: true });
  root.addEventListener('pointerup', onPointerUp, { passive: true });
  root.addEventListener('pointercancel', cancel, { passive: true });
  return () => {
    cancel();
    root.removeEventListener('pointerdown', onPointerDown);
    root.removeEventListener('pointerup', onPointerUp);
    root.removeEventListener('pointercancel', cancel);
  };
}

/** Installs the ripple for the lifetime of the calling component (the app shell). */
export function useRipple() {
  useEffect(() => installRipple(), []);
}
