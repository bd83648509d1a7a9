import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp } from '@/test/render-app';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearRecentSearches } from '../stores/recent-searches-store';
import { resetSearchText } from '../stores/search-text-store';

/** Kiswahili chosen on this device (the cookie), as the switch leaves it: a signed-in profile follows it. */
function chooseKiswahili() {
  document.cookie = 'sokoni.lang=sw; Path=/';
  onTestFinished(() => {
    document.cookie = 'sokoni.lang=; Path=/; Max-Age=0';
  });
  adoptCatalogue('sw', sw);
}

vi.setConfig({ testTimeout: 20_000 });

const searchBox = () => screen.getByRole('searchbox', { name: 'Tafuta bidhaa zetu' });

async function openSearch() {
  const app = renderApp('/search');
  await waitFor(() => expect(searchBox()).toHaveFocus());
  return app;
}

describe('the search page in Kiswahili', () => {
  beforeEach(() => {
    chooseKiswahili();
  });
  afterEach(() => {
    clearRecentSearches();
    resetSearchText();
  });

  it('offers popular and recent searches, and counts results in the right form', async () => {
    const { user } = await openSearch();
    expect(searchBox()).toHaveAttribute('placeholder', 'tafuta bidhaa zetu');
    expect(screen.getByRole('heading', { level: 1, name: 'Tafuta' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Zinazotafutwa sana' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /angalia kategoria/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Rudi dukani' })).toHaveAttribute('href', '/');

    await user.type(searchBox(), 'omena{Enter}');
    expect(await screen.findByText('Tokeo 1 la “omena”')).toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Matokeo ya utafutaji' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Futa utafutaji' })).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'rice{Enter}');
    expect(await screen.findByText(/^Matokeo [2-9] ya “rice”$/)).toBeInTheDocument();
    await user.clear(searchBox());

    const recent = screen.getByRole('heading', { name: 'Ulizotafuta hivi karibuni' }).closest('section')!;
    expect(within(recent).getByRole('button', { name: 'Tafuta omena' })).toBeInTheDocument();
    expect(
      within(recent).getByRole('button', { name: 'Ondoa omena kwenye ulizotafuta hivi karibuni' }),
    ).toBeInTheDocument();

    for (const english of ['Popular searches', 'Recent searches', 'Browse categories']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('searchbox', { name: 'Search our products' })).not.toBeInTheDocument();
  });

  it('marks what cannot be bought now, and says when nothing matches', async () => {
    const { user } = await openSearch();
    await user.type(searchBox(), 'managu');
    const option = await screen.findByRole('option', { name: /^Managu\b/ });
    expect(within(option).getByText('Haipatikani')).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), 'pizza');
    expect(
      await screen.findByRole('heading', { name: 'Hakuna bidhaa inayolingana na “pizza”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Au jaribu mojawapo ya haya')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mapendekezo ya kutafuta' })).toBeInTheDocument();
    expect(screen.queryByText(/No products match/)).not.toBeInTheDocument();
  });

  it('tells the shopper a failed search in Kiswahili, and offers to try again', async () => {
    server.use(
      http.get('*/api/v1/search/orama', () =>
        HttpResponse.json({ message: 'Boom. Correlation ID: c-1', code: 'internal' }, { status: 500 }),
      ),
    );
    const { user } = await openSearch();
    await user.type(searchBox(), 'omena');
    expect(await screen.findByText('Hitilafu katika kupata matokeo ya utafutaji')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hatukuweza kukamilisha utafutaji huu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jaribu tena' })).toBeInTheDocument();
    expect(screen.queryByText('error fetching search term')).not.toBeInTheDocument();
  });
});
