import { goOffline, goOnline } from '@/test/connection';
import { renderApp } from '@/test/render-app';
import { spyOnSearches } from '@/test/search';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRecentSearches } from '../stores/recent-searches-store';
import { resetSearchText } from '../stores/search-text-store';

vi.setConfig({ testTimeout: 20_000 });

const SEARCH_URL = '*/api/v1/search/orama';

afterEach(() => {
  clearRecentSearches();
  resetSearchText();
});

const searchBox = () => screen.getByRole('searchbox', { name: 'Search our products' });

/** Searches get no answer: offline, with nothing kept for them by the service worker. */
const searchesUnanswered = () => server.use(http.get(SEARCH_URL, () => HttpResponse.error()));
const NOTE = "You're offline — results may be incomplete";

/** The landing page, whose 'Our products' the shop then holds, and on to the search page. */
async function browseThenSearch() {
  const app = renderApp('/');
  const products = await screen.findByRole('list', { name: 'Our products' });
  expect(within(products).getByRole('article', { name: 'Sukuma wiki' })).toBeInTheDocument();
  await app.router.navigate({ to: '/search' });
  await waitFor(() => expect(searchBox()).toHaveFocus());
  return app;
}

describe('searching offline', () => {
  it('finds, by name in any letter case, a product the shop already showed, and says the results may be incomplete', async () => {
    const searches = spyOnSearches();
    const { user } = await browseThenSearch();
    goOffline();
    searchesUnanswered();
    await user.type(searchBox(), 'SUKUMA');

    const option = await screen.findByRole('option', { name: /^Sukuma wiki\b/ });
    expect(option).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(NOTE);
    expect(screen.getByText('1 result for “SUKUMA”')).toBeInTheDocument();
    // Offline the page says so itself: no toast.
    expect(screen.queryByText('error fetching search term')).not.toBeInTheDocument();

    // Back online, the shop's own search answers.
    server.resetHandlers();
    const asked = searches.length;
    goOnline();
    await waitFor(() => expect(searches.length).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.queryByText(NOTE)).not.toBeInTheDocument());
    expect(screen.getByRole('option', { name: /^Sukuma wiki\b/ })).toBeInTheDocument();
    expect(screen.queryByText('error fetching search term')).not.toBeInTheDocument();
  });

  it('falls back to what the shop already showed when a search gets no answer', async () => {
    searchesUnanswered();
    const { user } = await browseThenSearch();
    await user.type(searchBox(), 'sukuma{Enter}');

    expect(await screen.findByRole('option', { name: /^Sukuma wiki\b/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(NOTE);
    // The failure is still said, in the words it always had.
    expect(await screen.findByText('error fetching search term')).toBeInTheDocument();
  });

  it('says clearly when nothing the shop has loaded matches', async () => {
    const { user } = renderApp('/search');
    await waitFor(() => expect(searchBox()).toHaveFocus());
    goOffline();
    searchesUnanswered();
    await user.type(searchBox(), 'omena');

    expect(
      await screen.findByRole('heading', { name: 'Nothing on this device matches “omena”' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/only the products this device has already shown can be searched/),
    ).toBeInTheDocument();
    // Nothing to try again until the connection is back.
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows offline the answer the service worker kept for a search, and says it may be incomplete', async () => {
    const { user } = renderApp('/search');
    await waitFor(() => expect(searchBox()).toHaveFocus());
    goOffline();
    // The worker answers from its cache as the shop answered before.
    await user.type(searchBox(), 'omena');
    expect(await screen.findByRole('option', { name: /^Omena\b/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(NOTE);
  });
});
