import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRipple, RIPPLE_DELAY_MS } from './ripple';

function press(target: Element, type: string) {
  const event = new MouseEvent(type, { bubbles: true, button: 0, clientX: 10, clientY: 10 });
  target.dispatchEvent(event);
}

describe('the button ripple', () => {
  let uninstall: () => void;
  let button: HTMLButtonElement;

  beforeEach(() => {
    vi.useFakeTimers();
    uninstall = installRipple(document);
    button = document.createElement('button');
    button.className = 'chakra-button';
    button.innerHTML = '<span>Add to Cart</span>';
    document.body.append(button);
  });
  afterEach(() => {
    uninstall();
    button.remove();
    vi.useRealTimers();
  });

  const waves = () => button.querySelectorAll('.sokoni-ripple');

  it('starts 80 ms after the press', () => {
    press(button.firstElementChild!, 'pointerdown');
    vi.advanceTimersByTime(RIPPLE_DELAY_MS - 1);
    expect(waves()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(waves()).toHaveLength(1);
    expect(RIPPLE_DELAY_MS).toBe(80);
  });

  it('shows at once for a tap shorter than the delay', () => {
    press(button, 'pointerdown');
    press(button, 'pointerup');
    expect(waves()).toHaveLength(1);
  });

  it('does not show when the press turns into a scroll', () => {
    press(button, 'pointerdown');
    press(button, 'pointercancel');
    vi.advanceTimersByTime(200);
    expect(waves()).toHaveLength(0);
  });

  it('leaves disabled buttons alone and cleans up after itself', () => {
    button.disabled = true;
    press(button, 'pointerdown');
    vi.advanceTimersByTime(200);
    expect(waves()).toHaveLength(0);

    button.disabled = false;
    press(button, 'pointerdown');
    vi.advanceTimersByTime(RIPPLE_DELAY_MS);
    expect(waves()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(waves()).toHaveLength(0);
  });
});
