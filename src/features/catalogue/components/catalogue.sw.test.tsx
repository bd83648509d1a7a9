import { clearGuestCart } from '@/features/cart';
import { encodeBase64Url } from '@/lib/base64';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderApp } from '@/test/render-app';
import { mockDb, resetMockDb } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { productPath } from '../model/paths';

/** Kiswahili chosen on this device (the cookie), as the switch leaves it: a signed-in profile follows it. */
function chooseKiswahili() {
  document.cookie = 'sokoni.lang=sw; Path=/';
  onTestFinished(() => {
    document.cookie = 'sokoni.lang=; Path=/; Max-Age=0';
  });
  adoptCatalogue('sw', sw);
}

const find = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;
const produce = () => mockDb.catalogue.categories.find((c) => c.slug === 'fruits-vegetables')!;

describe('the shop window in Kiswahili', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
    chooseKiswahili();
  });

  it('shows the landing page’s promotions, categories and products in Kiswahili', async () => {
    renderApp('/');
    const promotions = await screen.findByRole('region', { name: 'Matangazo' });
    expect(
      within(promotions).getByRole('group', { name: /^1 kati ya 3: Punguzo la 20%/ }),
    ).toBeInTheDocument();
    expect(within(promotions).getByText('Inaisha baada ya')).toBeInTheDocument();
    expect(within(promotions).getByRole('button', { name: 'Tangazo linalofuata' })).toBeInTheDocument();
    expect(within(promotions).getByRole('button', { name: 'Simamisha matangazo' })).toBeInTheDocument();

    const categories = await screen.findByRole('list', { name: 'Nunua kwa kategoria' });
    expect(within(categories).getAllByText(/^bidhaa \d+$/).length).toBe(mockDb.catalogue.categories.length);
    await screen.findByRole('list', { name: 'Bidhaa zetu' });
    expect(screen.getByText('Inaonyesha bidhaa 12 kati ya 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Onyesha bidhaa zaidi' })).toBeInTheDocument();
    expect(screen.getAllByText('Inapatikana').length).toBeGreaterThan(0);

    for (const english of [
      'Shop by category',
      'Our products',
      'Showing 12 of 23 products',
      'In Stock',
      'Ends in',
    ]) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument();
  });

  it('shows a product page in Kiswahili, saying how few are left in the right form', async () => {
    find('Hass avocado').variants[0]!.quantity = 1;
    renderApp(productPath({ productId: find('Hass avocado').id }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hass avocado' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('PUNGUZO 10%')).toBeInTheDocument();
    expect(within(main).getByText('Imebaki 1 tu')).toBeInTheDocument();
    expect(within(main).getByText('Inapatikana')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Picha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Onyesha picha 2 kati ya 2' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kategoria' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Mwanzo' })).toHaveAttribute('href', '/');
    // The price is read out as the sale price, in Kiswahili too.
    expect(within(main).getAllByTestId('price')[0]).toHaveTextContent(/^Bei ya ofa KSH 36\.00$/);
    for (const english of ['SAVE 10%', 'Only 1 left', 'In Stock', 'Description']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('uses the plural form for more than one left', async () => {
    find('Omena').variants[0]!.quantity = 3;
    renderApp(productPath({ productId: find('Omena').id }));
    expect(await screen.findByText('Zimebaki 3 tu')).toBeInTheDocument();
    expect(screen.queryByText('Only 3 left')).not.toBeInTheDocument();
  });

  it('shows a category page with its count and sort orders in Kiswahili', async () => {
    renderApp(`/view/category/${encodeBase64Url(produce().id)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fruits & Vegetables' })).toBeInTheDocument();
    expect(screen.getByText('bidhaa 7')).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Panga kwa' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mpya kwanza', 'Bei: ya chini kwanza', 'Bei: ya juu kwanza', 'Jina (A–Z)']);
    expect(screen.queryByText('7 products')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  });

  it('names a product that is not there in Kiswahili, in the page and its title', async () => {
    renderApp(productPath({ productId: '00000000-0000-4000-8000-00000000dead' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bidhaa haipatikani' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Angalia bidhaa zote' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sokoni | Bidhaa haipatikani'));
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
  });
});
