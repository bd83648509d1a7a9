import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockMedia } from '@/test/media';
import { renderInRouter } from '@/test/render-app';
import { CAROUSEL_INTERVAL_MS, PROMO_SLIDES, PromoCarousel, type Slide } from './promo-carousel';

// Waits are two intervals, never three: three slides come round to the first again.
// Only the carousel's own interval is faked: the router, the query client and MSW keep real timers.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const region = () => screen.getByRole('region', { name: 'Promotions' });
/** The slide a shopper sees: the others are hidden from assistive technology. */
const shownSlide = () => screen.getByRole('group', { name: /^\d+ of \d+: / });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

async function renderCarousel(slides?: readonly Slide[]) {
  renderInRouter(<PromoCarousel onCta={() => {}} slides={slides} />);
  await screen.findByRole('region', { name: 'Promotions' });
}

describe('the promotions carousel', () => {
  it('moves to the next promotion every 6 seconds, and round to the first after the last', async () => {
    await renderCarousel();
    expect(shownSlide()).toHaveAccessibleName(`1 of 3: ${PROMO_SLIDES[0]!.title}`);
    wait(CAROUSEL_INTERVAL_MS - 1);
    expect(shownSlide()).toHaveAccessibleName(/^1 of 3/);
    wait(1);
    expect(shownSlide()).toHaveAccessibleName(`2 of 3: ${PROMO_SLIDES[1]!.title}`);
    wait(2 * CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^1 of 3/);
  });

  it('stays on the promotion while the pointer is over it, and moves on once it leaves', async () => {
    await renderCarousel();
    fireEvent.mouseEnter(region());
    wait(2 * CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^1 of 3/);
    fireEvent.mouseLeave(region());
    wait(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^2 of 3/);
  });

  it('stays still while the keyboard focus is inside it, and moves on once focus leaves', async () => {
    await renderCarousel();
    const dot = screen.getByRole('button', { name: 'Go to slide 1' });
    act(() => dot.focus());
    wait(2 * CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^1 of 3/);
    // While it is still, a screen reader hears the slide change the shopper asks for.
    expect(region().querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => dot.blur());
    wait(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^2 of 3/);
    expect(region().querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
  });

  it('pauses and plays again with its button', async () => {
    await renderCarousel();
    const pause = screen.getByRole('button', { name: 'Pause promotions' });
    fireEvent.click(pause);
    act(() => pause.blur());
    expect(pause).toHaveAccessibleName('Play promotions');
    wait(2 * CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^1 of 3/);
    // Paused, the shopper still moves it by hand.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toHaveAccessibleName(/^2 of 3/);

    fireEvent.click(screen.getByRole('button', { name: 'Play promotions' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(screen.getByRole('button', { name: 'Pause promotions' })).toBeInTheDocument();
    wait(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^3 of 3/);
  });

  it('does not move by itself for someone who prefers reduced motion, until they press play', async () => {
    mockMedia((query) => query.includes('prefers-reduced-motion: reduce'));
    await renderCarousel();
    expect(screen.getByRole('button', { name: 'Play promotions' })).toBeInTheDocument();
    wait(2 * CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^1 of 3/);

    fireEvent.click(screen.getByRole('button', { name: 'Play promotions' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    wait(CAROUSEL_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName(/^2 of 3/);
  });

  it('draws only the shown promotion and its neighbours, keeping a place for the others', async () => {
    const five: Slide[] = ['Chai', 'Mandazi', 'Sukuma', 'Ugali', 'Nyama'].map((title) => ({
      title: `${title} week`,
      text: `Everything for ${title.toLowerCase()}.`,
      palette: 'secondary',
      icon: PROMO_SLIDES[0]!.icon,
      cta: 'Browse products',
    }));
    await renderCarousel(five);
    const drawn = () =>
      five.filter((s) => screen.queryByText(s.title) !== null).map((s) => s.title.split(' ')[0]);
    expect(drawn()).toEqual(['Chai', 'Mandazi', 'Nyama']);
    const track = region().firstElementChild!;
    expect(track.children).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toHaveAccessibleName('2 of 5: Mandazi week');
    expect(drawn()).toEqual(['Chai', 'Mandazi', 'Sukuma']);
    expect(track.children).toHaveLength(5);
  });
});
