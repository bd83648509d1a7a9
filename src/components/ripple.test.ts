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
    vi.advanceTimersToNextFrame();
    expect(waves()).toHaveLength(1);
    expect(RIPPLE_DELAY_MS).toBe(80);
  });

  it('shows in the next frame for a tap shorter than the delay, measuring nothing during the press', () => {
    const measure = vi.spyOn(button, 'getBoundingClientRect');
    press(button, 'pointerdown');
    press(button, 'pointerup');
    expect(measure).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(waves()).toHaveLength(1);
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('starts the wave where the button was pressed', () => {
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 100, 40));
    press(button, 'pointerdown');
    press(button, 'pointerup');
    vi.advanceTimersToNextFrame();
    const wave = waves()[0] as HTMLElement;
    // From (10, 10) the farthest corner is (100, 40): the radius is the distance to it.
    const radius = Math.hypot(90, 30);
    expect(wave.style.left).toBe(`${10 - radius}px`);
    expect(wave.style.top).toBe(`${10 - radius}px`);
    expect(wave.style.width).toBe(`${radius * 2}px`);
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
    vi.advanceTimersToNextFrame();
    expect(waves()).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(waves()).toHaveLength(0);
  });
});
