import { mockViewport } from '@/test/media';
import { renderApp } from '@/test/render-app';
import { addPromoCode, productNamed, putInServerCart, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { commerceDb } from '@mocks/commerce-db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { sampleOrders } from '@mocks/sample-orders';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addGuestItem } from '../stores/guest-cart-store';
import { applyPromoCode, getPromoCode } from '../stores/promo-code-store';
import { PROMO_CODE_FORMAT } from './promo-code-field';

// Typing on a shared two-core machine.
vi.setConfig({ testTimeout: 20_000 });

/** Puts `quantity` units of a fixture product's first variant in the guest cart. */
function inGuestCart(name: string, quantity: number) {
  const product = productNamed(name);
  for (let i = 0; i < quantity; i += 1) {
    addGuestItem(
      { productId: product.id, productPid: product.pid, variantId: product.variants[0]!.id, image: '', name },
      200,
    );
  }
}

/** The promo codes the app asks the server about, in order. */
function codesAsked() {
  const codes: (string | null)[] = [];
  const listener = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/v1/cart/quote') {
      codes.push(((await request.clone().json()) as { promoCode?: string }).promoCode ?? null);
    } else if (url.pathname === '/api/v1/cart' && request.method === 'GET') {
      codes.push(url.searchParams.get('promoCode'));
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return codes;
}

const promoField = () => screen.getByRole('textbox', { name: 'Promo code' });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });

async function openCart() {
  const view = renderApp('/cart');
  await screen.findByRole('list', { name: 'Items in your cart' });
  return view;
}

async function apply(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.clear(promoField());
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('the promo code field on the cart page', () => {
  beforeEach(() => {
    resetShop();
    mockViewport(1280);
  });

  it('applies an order code typed in lower case: the saving line and the new total, then Remove restores them', async () => {
    addPromoCode();
    inGuestCart('Sukuma wiki', 20);
    const asked = codesAsked();
    const { user } = await openCart();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('KSH 600.00'));
    expect(screen.queryByTestId('promo-saving')).not.toBeInTheDocument();

    await apply(user, 'karibu10');
    expect(await screen.findByText('applied')).toBeInTheDocument();
    expect(within(summary()).getByText('KARIBU10')).toBeInTheDocument();
    expect(screen.getByTestId('promo-saving-text')).toHaveTextContent(
      'Karibu: 10% off your first order: you save KSH 60.00.',
    );
    expect(within(summary()).getByText('Promo KARIBU10')).toBeInTheDocument();
    expect(screen.getByTestId('promo-saving')).toHaveTextContent('-KSH 60.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('KSH 540.00');
    expect(getPromoCode()).toBe('KARIBU10');
    expect(asked).toContain('KARIBU10');

    await user.click(screen.getByRole('button', { name: 'Remove promo code KARIBU10' }));
    await waitFor(() => expect(screen.queryByTestId('promo-saving')).not.toBeInTheDocument());
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('KSH 600.00');
    expect(promoField()).toHaveValue('');
    expect(getPromoCode()).toBeNull();
  });

  it("prices covered lines with an items code, and shows each of the server's refusals under the field", async () => {
    const sukuma = productNamed('Sukuma wiki');
    addPromoCode({
      code: 'SOKO20',
      appliesTo: 'items',
      value: 20,
      minSubtotal: null,
      firstOrderOnly: false,
      categoryIds: [sukuma.categoryIds[0]!],
    });
    addPromoCode({ code: 'OVER', endsAt: new Date(Date.now() - 1000) });
    addPromoCode({ code: 'BIGSHOP', minSubtotal: 1000, firstOrderOnly: false });
    inGuestCart('Sukuma wiki', 2);
    const { user } = await openCart();
    const line = () => screen.getByRole('listitem', { name: 'Sukuma wiki' });

    await apply(user, 'soko20');
    await waitFor(() => expect(within(line()).getByTestId('price')).toHaveTextContent('KSH 24.00'));
    expect(within(line()).getByTestId('original-price')).toHaveTextContent('KSH 30.00');
    expect(screen.getByTestId('promo-saving-text')).toHaveTextContent('you save KSH 12.00.');
    await user.click(screen.getByRole('button', { name: 'Remove promo code SOKO20' }));
    await waitFor(() => expect(within(line()).getByTestId('price')).toHaveTextContent('KSH 30.00'));
    expect(within(line()).queryByTestId('original-price')).not.toBeInTheDocument();

    await apply(user, 'OVER');
    expect(await screen.findByText('The code OVER has ended.')).toBeInTheDocument();
    expect(promoField()).toHaveAttribute('aria-invalid', 'true');
    await apply(user, 'BIGSHOP');
    expect(
      await screen.findByText('Spend at least KSH 940 more to use the code BIGSHOP.'),
    ).toBeInTheDocument();
    // A refusal that may yet change stays held: it is checked again with the cart.
    expect(getPromoCode()).toBe('BIGSHOP');

    // Not even shaped like a code: said at once, nothing sent.
    const asked = codesAsked();
    await apply(user, 'no!');
    expect(await screen.findByText(PROMO_CODE_FORMAT)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('lets go of a code that does not exist, keeping its sentence, so it is not sent again', async () => {
    inGuestCart('Sukuma wiki', 2);
    const { user } = await openCart();
    await apply(user, 'NOPE99');
    expect(
      await screen.findByText('There is no promo code NOPE99. Check the spelling and try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(getPromoCode()).toBeNull());
    const asked = codesAsked();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Sukuma wiki' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('KSH 90.00'));
    expect(asked).toEqual([null]);
    // The sentence and what was typed stay, to correct it.
    expect(screen.getByText(/There is no promo code NOPE99/)).toBeInTheDocument();
    expect(promoField()).toHaveValue('NOPE99');
  });

  it('says a 429 under the field, not as a broken cart or a toast, and lets the code go', async () => {
    inGuestCart('Sukuma wiki', 2);
    server.use(
      http.post('*/api/v1/cart/quote', async ({ request }) => {
        const body = (await request.clone().json()) as { promoCode?: string };
        if (!body.promoCode) return undefined;
        const res = errorResponse(
          429,
          'rate_limited',
          'Too many wrong promo codes. Please try again in 42 seconds.',
        );
        res.headers.set('Retry-After', '42');
        return res;
      }),
    );
    const { user } = await openCart();
    await apply(user, 'GUESS11');
    const message = await screen.findByText('Too many wrong promo codes. Please try again in 42 seconds.');
    expect(message).toHaveAttribute('aria-live', 'polite');
    expect(promoField()).toHaveAccessibleErrorMessage(/Please try again in 42 seconds/);
    await waitFor(() => expect(getPromoCode()).toBeNull());
    expect(screen.queryByText('We could not load your cart.')).not.toBeInTheDocument();
    expect(screen.getAllByText(/Too many wrong promo codes/)).toHaveLength(1);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('KSH 60.00');
  });

  it('waits behind "Have a promo code?" on a phone, and opens on it with the field focused', async () => {
    mockViewport(390);
    inGuestCart('Sukuma wiki', 2);
    const { user } = await openCart();
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).not.toBeInTheDocument();
    const link = screen.getByRole('button', { name: 'Have a promo code?' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    await user.click(link);
    expect(promoField()).toHaveFocus();
  });

  it('keeps a code typed while signed out, and checks it again for the shopper once signed in', async () => {
    addPromoCode();
    // As typed on a guest visit, which the browser kept.
    applyPromoCode('KARIBU10');
    // The shopper has a paid order already: KARIBU10 is for first orders.
    const [paid] = sampleOrders(Date.now()).filter((o) => o.paymentStatus === 'paid');
    commerceDb.orders.push({ ...paid!, userId: customer.userId });
    putInServerCart(customer.userId, 'Sukuma wiki', 20);
    signInAs(customer);
    const asked = codesAsked();
    await openCart();
    expect(await screen.findByText('The code KARIBU10 is only for a first order.')).toBeInTheDocument();
    expect(asked).toContain('KARIBU10');
    expect(promoField()).toHaveValue('KARIBU10');
    expect(screen.queryByTestId('promo-saving')).not.toBeInTheDocument();
  });
});
