import { server } from '@mocks/node';
import { mockDb } from '@mocks/db';
import { encodeBase64Url } from '@/lib/base64';
import { renderApp } from '@/test/render-app';
import { spyOnSearches } from '@/test/search';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { searchQueries } from '../api/search-queries';
import { clearRecentSearches, RECENT_SEARCHES_KEY } from '../stores/recent-searches-store';
import { resetSearchText } from '../stores/search-text-store';
import type * as SearchResultListModule from './search-result-list';

const SEARCH_URL = '*/api/v1/search/orama';

/** How many times the results list was drawn (the real list, counted). */
const listRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./search-result-list', async (importOriginal) => {
  const actual = await importOriginal<typeof SearchResultListModule>();
  return {
    ...actual,
    SearchResultList: (props: Parameters<typeof actual.SearchResultList>[0]) => {
      listRenders.count += 1;
      return actual.SearchResultList(props);
    },
  };
});

// Typing, the 250 ms pause, the request and the first toast (sonner loads lazily) can take more
// than a second on a busy machine; whole journeys more than five.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  clearRecentSearches();
  // Module state outlives a test's app; a shopper's leaving the page (the route's onLeave) resets it.
  resetSearchText();
});

/** Holds search answers until `release()`; then the real handler answers. */
function holdSearches() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(SEARCH_URL, async () => {
      await gate;
      // Nothing returned: MSW passes the request on to the mock API's own handler.
    }),
  );
  return release;
}

const product = (name: string) => {
  const found = mockDb.catalogue.products.find((p) => p.name === name);
  if (!found) throw new Error(`No ${name} in the mock catalogue`);
  return found;
};

/**
 * Waits until the app has finished moving to `path`. The search route's onLeave runs only then; a
 * test that ended earlier would have it reset the next test's search box.
 */
const landsOn = (router: ReturnType<typeof renderApp>['router'], path: string) =>
  waitFor(() => {
    expect(router.state.resolvedLocation?.pathname).toBe(path);
    expect(router.state.status).toBe('idle');
  });

const searchBox = () => screen.getByRole('searchbox', { name: 'Search our products' });
const loader = () => screen.queryByTestId('global-loader');

async function openSearch() {
  const app = renderApp('/search');
  await waitFor(() => expect(searchBox()).toHaveFocus());
  return app;
}

describe('the search page', () => {
  it('shows results as the shopper types: picture, name, description and category', async () => {
    const searches = spyOnSearches();
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');

    const option = await screen.findByRole('option', { name: /^Omena\b/ });
    // Named by all it shows, its product's name first (WCAG 2.5.3).
    expect(option).toHaveAccessibleName(/^Omena\b.*sun-dried silver cyprinid.*Meat & Fish$/i);
    expect(within(option).getByText('Meat & Fish')).toBeInTheDocument();
    const picture = option.querySelector('img');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '64');
    expect(picture).toHaveAttribute('height', '64');
    expect(screen.getByText('1 result for “omena”')).toBeInTheDocument();
    // Debounced: one request for the whole word, not one per key.
    expect(searches).toEqual(['omena']);
  });

  it('draws only the box on a key press that leaves the results as they are', async () => {
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');
    await screen.findByRole('option', { name: /^Omena\b/ });
    const drawn = listRenders.count;

    // The next search starts after the pause; until then the results stay, and so does their list.
    await user.type(searchBox(), 's');
    expect(searchBox()).toHaveValue('omenas');
    expect(listRenders.count).toBe(drawn);
  });

  it('marks products that cannot be bought now', async () => {
    const { user } = await openSearch();
    await user.type(searchBox(), 'managu');
    const option = await screen.findByRole('option', { name: /^Managu\b/ });
    expect(within(option).getByText('Unavailable')).toBeInTheDocument();
    expect(option).toHaveAccessibleName(/^Managu Unavailable\b/);
  });

  it('finds a product despite a typo', async () => {
    const { user } = await openSearch();
    await user.type(searchBox(), 'tilapa');
    expect(await screen.findByRole('option', { name: /^Lake Victoria tilapia\b/ })).toBeInTheDocument();
  });

  it('searches on Enter without waiting, once, and remembers the search', async () => {
    const searches = spyOnSearches();
    const sentAt: number[] = [];
    const listener = () => void sentAt.push(performance.now());
    server.events.on('request:start', listener);
    onTestFinished(() => {
      server.events.removeListener('request:start', listener);
    });
    const { user } = await openSearch();
    await user.type(searchBox(), '  Omena ');
    const typedAt = performance.now();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
    // Sent well before the 250 ms pause would have sent it.
    expect(sentAt[0]! - typedAt).toBeLessThan(200);
    // And the pause that was still pending does not send it a second time.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toEqual(['Omena']);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toContain('"Omena"');
  });

  it('sends nothing for an empty or blank query, and clears the loader', async () => {
    const searches = spyOnSearches();
    const release = holdSearches();
    const { user } = await openSearch();

    await user.type(searchBox(), '   {Enter}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toEqual([]);
    expect(loader()).not.toBeInTheDocument();

    // A search under way, then the box emptied: the loader goes at once and nothing new is sent.
    await user.type(searchBox(), 'beef');
    await waitFor(() => expect(loader()).toBeInTheDocument());
    await user.clear(searchBox());
    expect(loader()).not.toBeInTheDocument();
    release();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toEqual(['beef']);
    expect(loader()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Popular searches' })).toBeInTheDocument();
  });

  it('keeps the global loader on while a search runs and clears it when it finishes', async () => {
    const release = holdSearches();
    const { user } = await openSearch();
    await user.type(searchBox(), 'chapati');
    await waitFor(() => expect(loader()).toBeInTheDocument());
    release();
    expect(await screen.findByRole('option', { name: /^Chapati\b/ })).toBeInTheDocument();
    await waitFor(() => expect(loader()).not.toBeInTheDocument());
  });

  it('shows a helpful empty state when nothing matches', async () => {
    const { user, router } = await openSearch();
    await user.type(searchBox(), 'pizza');
    expect(await screen.findByRole('heading', { name: 'No products match “pizza”' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(
      within(screen.getByRole('list', { name: 'Suggested searches' })).getByRole('button', {
        name: 'Mandazi',
      }),
    );
    expect(searchBox()).toHaveValue('Mandazi');
    expect(await screen.findByRole('option', { name: /^Mandazi\b/ })).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'pizza');
    await user.click(await screen.findByRole('link', { name: /browse categories/i }));
    await landsOn(router, '/');
  });
});

describe('search errors (docs/behaviour.md#error-texts)', () => {
  const failWith = (response: () => Response) => server.use(http.get(SEARCH_URL, response));

  it("say 'error fetching search term' when the server fails, and the loader clears", async () => {
    failWith(() =>
      HttpResponse.json({ message: 'Boom. Correlation ID: c-1', code: 'internal' }, { status: 500 }),
    );
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');
    expect(await screen.findByText('error fetching search term')).toBeInTheDocument();
    expect(loader()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it("say 'error fetching search term' when the network fails", async () => {
    failWith(() => HttpResponse.error());
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena{Enter}');
    expect(await screen.findByText('error fetching search term')).toBeInTheDocument();
    expect(loader()).not.toBeInTheDocument();
  });

  it("show the server's message for a refused search, cut before the correlation id", async () => {
    failWith(() =>
      HttpResponse.json(
        {
          message: 'Invalid query: q: Type what you are looking for. Correlation ID: c-2',
          code: 'validation_failed',
          correlationId: 'c-2',
        },
        { status: 400 },
      ),
    );
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');
    expect(await screen.findByText('Invalid query: q: Type what you are looking for.')).toBeInTheDocument();
    expect(loader()).not.toBeInTheDocument();
  });

  it("say 'Error searching...' for a refused search without a message", async () => {
    failWith(() => HttpResponse.json({ code: 'bad_request' }, { status: 400 }));
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');
    expect(await screen.findByText('Error searching...')).toBeInTheDocument();
    expect(loader()).not.toBeInTheDocument();
  });

  it('search again from "Try again"', async () => {
    let calls = 0;
    server.use(
      http.get(SEARCH_URL, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ message: 'Down' }, { status: 503 });
      }),
    );
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
  });
});

describe('opening a result', () => {
  it('opens the product details with the product id and category base64-encoded', async () => {
    const omena = product('Omena');
    const { user, router } = await openSearch();
    await user.type(searchBox(), 'omena');
    await user.click(await screen.findByRole('option', { name: /^Omena\b/ }));

    await landsOn(router, `/view/product/${encodeBase64Url(omena.id)}`);
    expect(router.state.location.search).toEqual({ c: encodeBase64Url(omena.categoryIds[0]!) });
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toContain('"omena"');
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    const { user, router } = await openSearch();
    await user.type(searchBox(), 'flour');
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThanOrEqual(2);
    const box = searchBox();
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox', { name: 'Search results' }).id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('aria-selected', 'false');
    const secondName = document.getElementById(
      options[1]!.getAttribute('aria-labelledby')!.split(' ')[0]!,
    )!.textContent;
    await user.keyboard('{ArrowDown}{Enter}');

    const second = product(secondName!);
    await landsOn(router, `/view/product/${encodeBase64Url(second.id)}`);
  });
});

describe('recent searches', () => {
  it('are remembered on the device and offered while the box is empty', async () => {
    const { user, unmount } = await openSearch();
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
    await user.type(searchBox(), 'omena{Enter}');
    await screen.findByRole('option', { name: /^Omena\b/ });
    await user.clear(searchBox());
    await user.type(searchBox(), '  tilapia {Enter}');
    await screen.findByRole('option', { name: /^Lake Victoria tilapia\b/ });
    await user.clear(searchBox());

    const recent = () => screen.getByRole('heading', { name: 'Recent searches' }).closest('section')!;
    expect(
      within(recent())
        .getAllByRole('button', { name: /^search for/i })
        .map((b) => b.textContent),
    ).toEqual(['tilapia', 'omena']);

    // Still there on the next visit.
    unmount();
    const next = await openSearch();
    await next.user.click(within(recent()).getByRole('button', { name: 'Search for omena' }));
    expect(searchBox()).toHaveValue('omena');
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
  });

  it('can be removed one by one or all at once', async () => {
    const { user } = await openSearch();
    for (const term of ['omena', 'tilapia', 'chapati']) {
      await user.type(searchBox(), `${term}{Enter}`);
      await user.clear(searchBox());
    }
    const recent = () => screen.getByRole('heading', { name: 'Recent searches' }).closest('section')!;
    await user.click(within(recent()).getByRole('button', { name: 'Remove tilapia from recent searches' }));
    expect(
      within(recent())
        .getAllByRole('button', { name: /^search for/i })
        .map((b) => b.textContent),
    ).toEqual(['chapati', 'omena']);
    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toContain('"terms":[]');
  });
});

describe('the search in the address', () => {
  it('follows the settled query as ?q=, without a history entry per key', async () => {
    const { user, router } = await openSearch();
    const entries = router.history.length;
    await user.type(searchBox(), 'omena');
    await screen.findByRole('option', { name: /^Omena\b/ });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'omena' }));
    expect(router.history.length).toBe(entries);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('opens a shared /search?q= link with the box filled and the results shown', async () => {
    const searches = spyOnSearches();
    renderApp('/search?q=omena');
    await waitFor(() => expect(searchBox()).toHaveValue('omena'));
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
    expect(searches).toEqual(['omena']);
  });

  it('brings the search back with the back button after a result was opened', async () => {
    const { user, router } = await openSearch();
    await user.type(searchBox(), 'omena');
    await user.click(await screen.findByRole('option', { name: /^Omena\b/ }));
    await waitFor(() => expect(router.state.resolvedLocation?.pathname).toMatch(/^\/view\/product\//));

    router.history.back();
    await landsOn(router, '/search');
    await waitFor(() => expect(searchBox()).toHaveValue('omena'));
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
  });
});

describe('leaving the search page', () => {
  it('resets the search: opening it again starts with an empty box and no results', async () => {
    const { user, router, queryClient } = await openSearch();
    await user.type(searchBox(), 'omena');
    await screen.findByRole('option', { name: /^Omena\b/ });

    await user.click(screen.getByRole('link', { name: 'Back to the shop' }));
    await landsOn(router, '/');
    expect(queryClient.getQueryCache().findAll({ queryKey: searchQueries.all() })).toEqual([]);

    await user.click(await screen.findByPlaceholderText('search our products'));
    await landsOn(router, '/search');
    await waitFor(() => expect(searchBox()).toHaveValue(''));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Popular searches' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });

  it('clears the loader when the shopper leaves mid-search', async () => {
    holdSearches();
    const { user, router } = await openSearch();
    await user.type(searchBox(), 'omena');
    await waitFor(() => expect(loader()).toBeInTheDocument());
    await router.navigate({ to: '/more' });
    await screen.findByRole('heading', { level: 1, name: 'More' });
    await waitFor(() => expect(loader()).not.toBeInTheDocument());
  });
});

describe('the landing search box', () => {
  it('hands over what was typed into it before the search page took over', async () => {
    const { router } = renderApp('/');
    const landing = await screen.findByPlaceholderText('search our products', undefined, { timeout: 5000 });
    // Focusing starts the move to /search; keys pressed while that page loads reach the landing box.
    act(() => {
      landing.focus();
      fireEvent.change(landing, { target: { value: 'tilapa' } });
    });
    await landsOn(router, '/search');
    await waitFor(() => expect(searchBox()).toHaveFocus());
    expect(searchBox()).toHaveValue('tilapa');
    expect((searchBox() as HTMLInputElement).selectionStart).toBe(6);
    expect(await screen.findByRole('option', { name: /^Lake Victoria tilapia\b/ })).toBeInTheDocument();
  });

  it('opens the search page focused, carrying what was typed', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByPlaceholderText('search our products'));
    await user.keyboard('omena');
    await landsOn(router, '/search');
    await waitFor(() => expect(searchBox()).toHaveFocus());
    await waitFor(() => expect(searchBox()).toHaveValue('omena'));
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
  });
});
