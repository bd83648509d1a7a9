import { clearGuestCart } from '@/features/cart';
import { encodeBase64Url } from '@/lib/base64';
import { renderApp, renderAppQuietly } from '@/test/render-app';
import { mockDb, resetMockDb } from '@mocks/db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shopInfo } from '@/lib/shop-info';
import { CAROUSEL_INTERVAL_MS, PROMO_CATEGORY_SLUG } from './promo-carousel';
import { mockMedia } from '@/test/media';

const products = () => within(screen.getByRole('list', { name: 'Our products' }));

describe('the landing page', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('keeps the search box, then shows promotions, categories and our products', async () => {
    renderApp('/');
    expect(await screen.findByPlaceholderText('search our products')).toBeInTheDocument();

    const promotions = await screen.findByRole('region', { name: 'Promotions' });
    expect(within(promotions).getByText('24:00:00')).toBeInTheDocument();
    expect(within(promotions).getByRole('heading', { name: /20% off/ })).toBeInTheDocument();

    const categories = await screen.findByRole('list', { name: 'Shop by category' });
    const links = within(categories).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(
      mockDb.catalogue.categories.map((c) => expect.stringContaining(c.name)),
    );
    expect(links[0]).toHaveAttribute(
      'href',
      `/view/category/${encodeBase64Url(mockDb.catalogue.categories[0]!.id)}`,
    );

    await screen.findByRole('list', { name: 'Our products' });
    // Newest first, a dozen at a time.
    expect(products().getAllByRole('article')).toHaveLength(12);
    expect(products().getAllByRole('article')[0]).toHaveAccessibleName('Kenya AA coffee');
    expect(screen.getByText('Showing 12 of 23 products')).toBeInTheDocument();
  });

  it('loads more products from the fallback button until all are shown', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Showing 23 of 23 products')).toBeInTheDocument();
    expect(products().getAllByRole('article')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
  });

  it('adds a product from the grid and counts it in the header', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('list', { name: 'Our products' });
    const sukuma = products().getByRole('article', { name: 'Sukuma wiki' });
    await user.click(within(sukuma).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item was successfully added to cart')).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 1 item' }),
    ).toBeInTheDocument();
    await user.click(within(sukuma).getByRole('button', { name: 'Increase quantity of Sukuma wiki' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 2 items' }),
      ).toBeInTheDocument(),
    );
  });

  it('shows the error message in a toast when the products cannot be loaded', async () => {
    server.use(
      http.get('*/api/v2/products', () => errorResponse(503, 'unavailable', 'The shop is resting.')),
    );
    renderAppQuietly('/');
    expect(await screen.findByText('The shop is resting.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the promotions carousel', () => {
  it('moves every 6 seconds, pauses while hovered, and has previous/next and dots', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderApp('/');
      const carousel = await screen.findByRole('region', { name: 'Promotions' });
      const current = () => within(carousel).getByRole('button', { current: true });
      expect(current()).toHaveAccessibleName('Go to slide 1');

      await act(async () => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS));
      expect(current()).toHaveAccessibleName('Go to slide 2');

      await user.hover(carousel);
      await act(async () => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS * 2));
      expect(current()).toHaveAccessibleName('Go to slide 2');
      await user.unhover(carousel);

      await user.click(within(carousel).getByRole('button', { name: 'Next slide' }));
      expect(current()).toHaveAccessibleName('Go to slide 3');
      await user.click(within(carousel).getByRole('button', { name: 'Go to slide 1' }));
      expect(current()).toHaveAccessibleName('Go to slide 1');
      await user.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
      expect(current()).toHaveAccessibleName('Go to slide 3');

      // Only the shown slide can be reached.
      const slides = within(carousel).getAllByRole('group', { hidden: true });
      expect(slides.filter((s) => !s.hasAttribute('inert')).map((s) => s.getAttribute('aria-label'))).toEqual(
        [expect.stringMatching(/^3 of 3/)],
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays still for people who prefer reduced motion', async () => {
    mockMedia((query) => query.includes('prefers-reduced-motion'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/');
      const carousel = await screen.findByRole('region', { name: 'Promotions' });
      expect(within(carousel).getByRole('button', { name: 'Play promotions' })).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS * 2));
      expect(within(carousel).getByRole('button', { current: true })).toHaveAccessibleName('Go to slide 1');
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens the fruit & vegetables category from the fruit & vegetables offer's button", async () => {
    const { user, router } = renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Promotions' });
    const produce = mockDb.catalogue.categories.find((c) => c.slug === PROMO_CATEGORY_SLUG)!;
    const offer = within(carousel).getByRole('group', { name: /^1 of 3: 20% off fresh fruit & vegetables$/ });
    const cta = await within(offer).findByRole('link', { name: 'Shop the offer' });
    expect(cta).toHaveAttribute('href', `/view/category/${encodeBase64Url(produce.id)}`);

    await user.click(cta);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/view/category/${encodeBase64Url(produce.id)}`),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: produce.name })).toBeInTheDocument(),
    );
  });

  it('gives the same-day cut-off the help page gives', async () => {
    const { user } = renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Promotions' });
    await user.click(within(carousel).getByRole('button', { name: 'Go to slide 2' }));
    const sameDay = within(carousel).getByRole('group', { name: /same-day delivery/i });
    expect(sameDay).toHaveTextContent(`Pay before ${shopInfo.sameDayCutoff}`);
    expect(sameDay).not.toHaveTextContent(/2 pm/);
  });
});
