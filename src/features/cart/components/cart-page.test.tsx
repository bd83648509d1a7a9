import { renderApp, renderAppQuietly } from '@/test/render-app';
import { customer, signInAs } from '@/test/tokens';
import { mockDb, resetMockDb } from '@mocks/db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { addGuestItem, cartItemId, clearGuestCart, getGuestCartItems } from '../stores/guest-cart-store';

/** Puts `quantity` units of a fixture product's variant in the guest cart. */
function inCart(name: string, quantity: number, variantIndex = 0) {
  const product = mockDb.catalogue.products.find((p) => p.name === name)!;
  const variant = product.variants[variantIndex]!;
  for (let i = 0; i < quantity; i += 1) {
    addGuestItem(
      { productId: product.id, productPid: product.pid, variantId: variant.id, image: '', name },
      100,
    );
  }
  return cartItemId(product.id, variant.id);
}

/** The API requests the page sends, as `METHOD /path`. */
function apiRequests() {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/v1/assets/')) {
      seen.push(`${request.method} ${pathname}`);
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

const line = (name: string) => screen.getByRole('listitem', { name });
const subtotal = () => screen.getByTestId('cart-subtotal');

describe('the cart page', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('says when the cart is empty and leads back to the products', async () => {
    renderApp('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/#our-products');
  });

  it("lists the items at the server's current prices, with line totals and the subtotal, in one request", async () => {
    // Avocado is on sale (40 → 36), omena 150 − 30 = 120.
    inCart('Hass avocado', 2);
    inCart('Omena', 1);
    const requests = apiRequests();
    renderApp('/cart');

    const items = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(
      within(items)
        .getAllByRole('listitem', { name: /.+/ })
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Hass avocado', 'Omena']);
    await waitFor(() =>
      expect(within(line('Omena')).getByTestId('line-total')).toHaveTextContent('KSH 120.00'),
    );
    expect(within(line('Hass avocado')).getByTestId('price')).toHaveTextContent('KSH 36.00');
    expect(within(line('Hass avocado')).getByTestId('original-price')).toHaveTextContent('KSH 40.00');
    expect(within(line('Hass avocado')).getByTestId('line-total')).toHaveTextContent('KSH 72.00');
    expect(within(line('Hass avocado')).getByText('Pack: Single')).toBeInTheDocument();
    expect(subtotal()).toHaveTextContent('KSH 192.00');
    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    // The whole cart is one quote: no request per line.
    expect(requests.filter((r) => r.includes('/cart') || r.includes('/products'))).toEqual([
      'POST /api/v1/cart/quote',
    ]);
  });

  it('changes quantities and removes lines, keeping the totals right', async () => {
    inCart('Sukuma wiki', 1);
    inCart('Fresh milk', 2);
    const { user } = renderApp('/cart');
    await screen.findByRole('list', { name: 'Items in your cart' });
    await waitFor(() => expect(subtotal()).toHaveTextContent('KSH 150.00'));

    await user.click(
      within(line('Sukuma wiki')).getByRole('button', { name: 'Increase quantity of Sukuma wiki' }),
    );
    await waitFor(() =>
      expect(within(line('Sukuma wiki')).getByTestId('line-total')).toHaveTextContent('KSH 60.00'),
    );
    expect(subtotal()).toHaveTextContent('KSH 180.00');

    await user.click(
      within(line('Fresh milk')).getByRole('button', { name: 'Decrease quantity of Fresh milk' }),
    );
    await waitFor(() => expect(subtotal()).toHaveTextContent('KSH 120.00'));
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 3 items' }),
    ).toBeInTheDocument();

    await user.click(within(line('Fresh milk')).getByRole('button', { name: 'Delete Fresh milk from cart' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Fresh milk' })).not.toBeInTheDocument(),
    );
    expect(subtotal()).toHaveTextContent('KSH 60.00');
  });

  it('sends a guest to sign in before checkout, and a signed-in shopper straight there', async () => {
    inCart('Sukuma wiki', 1);
    const { unmount } = renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Fcheckout',
    );
    unmount();

    signInAs(customer);
    renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('holds back checkout while an item is sold out', async () => {
    inCart('Chapati', 1, 1);
    renderApp('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent('Some items are no longer available');
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
    expect(within(line('Chapati')).getByText('Out of Stock')).toBeInTheDocument();
  });

  it('brings a line down to the stock the server reports, and says when an item is no longer sold', async () => {
    const tilapia = inCart('Lake Victoria tilapia', 3);
    const gone = inCart('Omena', 1);
    // Since these were added: two tilapia left, and omena is no longer sold.
    const product = mockDb.catalogue.products.find((p) => p.name === 'Lake Victoria tilapia')!;
    product.variants[0]!.quantity = 2;
    mockDb.catalogue.products = mockDb.catalogue.products.filter((p) => p.name !== 'Omena');
    const { user } = renderApp('/cart');

    await waitFor(() => expect(getGuestCartItems().find((i) => i.itemId === tilapia)?.quantity).toBe(2));
    expect(within(line('Omena')).getByText('No longer sold: remove it to check out.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some items are no longer available');
    expect(screen.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();

    await user.click(within(line('Omena')).getByRole('button', { name: 'Delete Omena from cart' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toBeInTheDocument(),
    );
    expect(getGuestCartItems().map((i) => i.itemId)).toEqual([tilapia]);
    expect(gone).not.toBe(tilapia);
  });

  it('says when the cart cannot be priced, with the server message, and tries again', async () => {
    inCart('Sukuma wiki', 1);
    server.use(
      http.post('*/api/v1/cart/quote', () => errorResponse(503, 'unavailable', 'Prices are being updated.'), {
        once: true,
      }),
    );
    const { user } = renderAppQuietly('/cart');
    expect(await screen.findByText('We could not load your cart.')).toBeInTheDocument();
    expect(await screen.findByText('Prices are being updated.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Sukuma wiki' })).toBeInTheDocument();
  });

  it('reads in Kiswahili: Kikapu, bidhaa 1 / bidhaa 3, the lines, the summary and the promo field', async () => {
    adoptCatalogue('sw', sw);
    inCart('Sukuma wiki', 1);
    const { user } = renderApp('/cart');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kikapu' })).toBeInTheDocument();
    const items = await screen.findByRole('list', { name: 'Bidhaa kwenye kikapu chako' });
    await waitFor(() => expect(screen.getByText('Jumla ndogo (bidhaa 1)')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Muhtasari wa oda' })).toBeInTheDocument();
    expect(within(items).getByText('kila moja')).toBeInTheDocument();
    expect(screen.getByText('Ada ya usafirishaji huongezwa wakati wa kulipa.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Endelea kulipa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Endelea kununua' })).toBeInTheDocument();

    await user.click(
      within(line('Sukuma wiki')).getByRole('button', { name: 'Ongeza idadi ya Sukuma wiki' }),
    );
    expect(await screen.findByText('Kikapu kimesasishwa')).toBeInTheDocument();
    await user.click(
      within(line('Sukuma wiki')).getByRole('button', { name: 'Ongeza idadi ya Sukuma wiki' }),
    );
    await waitFor(() => expect(screen.getByText('Jumla ndogo (bidhaa 3)')).toBeInTheDocument());
    expect(within(line('Sukuma wiki')).getByRole('status')).toHaveTextContent('3 kwenye kikapu');

    // A code that does not exist (on a phone the field waits behind a link): the refusal in
    // Kiswahili, from its reason.
    await user.click(screen.getByRole('button', { name: 'Una msimbo wa punguzo?' }));
    expect(screen.getByRole('form', { name: 'Msimbo wa punguzo' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Msimbo wa punguzo' }), 'hakuna1');
    await user.click(screen.getByRole('button', { name: 'Tumia' }));
    expect(
      await screen.findByText('Hakuna msimbo wa punguzo HAKUNA1. Kagua herufi kisha ujaribu tena.'),
    ).toBeInTheDocument();

    // The page is in Kiswahili (the header's links are the shell's).
    const page = within(screen.getByRole('main'));
    for (const english of [
      'Cart',
      /Subtotal/,
      'Order summary',
      'each',
      'Proceed to checkout',
      'Continue shopping',
      'Delivery is added at checkout.',
      /There is no promo code/,
    ]) {
      expect(page.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('says in Kiswahili how many are left of a line above the stock, and that a line is no longer sold', async () => {
    adoptCatalogue('sw', sw);
    inCart('Lake Victoria tilapia', 3);
    inCart('Omena', 1);
    mockDb.catalogue.products = mockDb.catalogue.products.filter((p) => p.name !== 'Omena');
    renderApp('/cart');

    expect(await screen.findByText('Haiuzwi tena: iondoe ili ulipe.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Baadhi ya bidhaa hazipatikani tena. Ziondoe ili ulipe.',
    );
    expect(screen.getByRole('button', { name: 'Ondoa Omena kwenye kikapu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Endelea kulipa' })).toBeDisabled();
  });

  it('says in Kiswahili that the cart is empty', async () => {
    adoptCatalogue('sw', sw);
    renderApp('/cart');
    expect(await screen.findByText('Kikapu chako ni tupu')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });
});
