import { getPromoCode } from '@/features/cart';
import { formatKsh } from '@/lib/format';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { LANGUAGE_COOKIE } from '@contract/languages';
import { mockViewport } from '@/test/media';
import { renderAppQuietly } from '@/test/render-app';
import { addPromoCode, putInServerCart, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { DEFAULT_DELIVERY_SETTINGS, deliveryFee } from '@contract/delivery';
import { DELIVERY_AREAS } from '@contract/delivery-areas';
import { commerceDb } from '@mocks/commerce-db';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

// Whole forms typed key by key on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

const fee = deliveryFee(
  DELIVERY_AREAS.find((a) => a.id === 'westlands')!,
  DEFAULT_DELIVERY_SETTINGS,
);

/** The bodies of the checkout requests the app sends. */
function checkoutBodies() {
  const bodies: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/checkout') {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return bodies;
}

const field = {
  promo: () => screen.getByRole('textbox', { name: 'Promo code' }),
  area: () => screen.getByRole('combobox', { name: 'Delivery area' }),
  address: () => screen.getByRole('textbox', { name: 'Delivery address' }),
  phone: () => screen.getByRole('textbox', { name: 'M-Pesa phone number' }),
  pay: () => screen.getByRole('button', { name: /^Pay/ }),
};

async function openCheckout() {
  const view = renderAppQuietly('/checkout');
  await screen.findByRole('list', { name: 'Items in your order' });
  return view;
}

type User = ReturnType<typeof renderAppQuietly>['user'];

async function applyCode(user: User, code: string) {
  await user.click(field.promo());
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByRole('button', { name: `Remove promo code ${code}` });
}

async function fillForm(user: User) {
  await screen.findByRole('option', { name: 'Westlands' });
  await user.selectOptions(field.area(), 'Westlands');
  await user.click(field.address());
  await user.paste('Mpaka Road, Apt 4B');
  await user.clear(field.phone());
  await user.paste('0712345600');
  await waitFor(() => expect(field.pay()).toBeEnabled());
}

/**
 * Shows the shop in Kiswahili as a shopper who chose it on this device: the catalogue, and the cookie
 * that keeps the signed-in profile (English) from switching the page back.
 */
function inKiswahili() {
  adoptCatalogue('sw', sw);
  document.cookie = `${LANGUAGE_COOKIE}=sw; Path=/`;
  onTestFinished(() => {
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  });
}

describe('promo codes at checkout', () => {
  beforeEach(() => {
    resetShop();
    mockViewport(1280);
    // 20 bunches of sukuma wiki at KSH 30: KSH 600.
    putInServerCart(customer.userId, 'Sukuma wiki', 20);
    signInAs(customer);
  });

  it('pays the total priced with the code, sends the code, lets it go, and the order shows it', async () => {
    addPromoCode();
    const bodies = checkoutBodies();
    const { user, router } = await openCheckout();
    await applyCode(user, 'KARIBU10');
    expect(screen.getByTestId('promo-saving')).toHaveTextContent('-KSH 60.00');
    await fillForm(user);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatKsh(540 + fee)));
    expect(field.pay()).toHaveAccessibleName(`Pay ${formatKsh(540 + fee)} with M-Pesa`);

    await user.click(field.pay());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/account\/orders\//));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ promoCode: 'KARIBU10', shown: { total: 540 + fee } });
    expect(commerceDb.orders[0]).toMatchObject({ total: 540 + fee, promoCode: 'KARIBU10', promoSaving: 60 });
    expect(getPromoCode()).toBeNull();

    expect(await screen.findByTestId('order-promo-saving')).toHaveTextContent('-KSH 60.00');
    expect(screen.getByText('Promo KARIBU10')).toBeInTheDocument();
    expect(screen.getByTestId('order-promo')).toHaveTextContent(
      'Placed with the promo code KARIBU10, which saved you KSH 60.00.',
    );
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatKsh(540 + fee));
  });

  it('shows free delivery as "Free" with a delivery code', async () => {
    addPromoCode({ code: 'FREESHIP', appliesTo: 'delivery', value: 100, minSubtotal: null });
    const { user } = await openCheckout();
    await applyCode(user, 'FREESHIP');
    await screen.findByRole('option', { name: 'Westlands' });
    await user.selectOptions(field.area(), 'Westlands');
    await waitFor(() => expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('KSH 600.00');
    expect(screen.getByTestId('promo-saving-text')).toHaveTextContent(`you save ${formatKsh(fee)}.`);
  });

  it('says under the field why checkout refused a code that ended meanwhile, keeping the rest of the form', async () => {
    const karibu = addPromoCode();
    const { user } = await openCheckout();
    await applyCode(user, 'KARIBU10');
    await fillForm(user);
    // The offer ends between the page and the press of Pay.
    karibu.endsAt = new Date(Date.now() - 1000);
    await user.click(field.pay());

    const sentence =
      'The code KARIBU10 has ended. Your order was not placed: remove the code or change your cart, then press Pay again.';
    await waitFor(() => expect(field.promo()).toHaveAccessibleErrorMessage(sentence));
    // Under the field only, not as a toast.
    expect(screen.getAllByText(sentence)).toHaveLength(1);
    expect(commerceDb.orders).toHaveLength(0);
    expect(field.address()).toHaveValue('Mpaka Road, Apt 4B');
    expect(field.phone()).toHaveValue('0712345600');
    expect(field.area()).toHaveValue('westlands');
    // The cart as it is now: without the saving.
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatKsh(600 + fee)));
    expect(screen.queryByTestId('promo-saving')).not.toBeInTheDocument();

    // Without the code, Pay pays the total shown.
    const bodies = checkoutBodies();
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    await user.click(within(summary).getByRole('button', { name: 'Remove promo code KARIBU10' }));
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
    await waitFor(() => expect(field.pay()).toBeEnabled());
    await user.click(field.pay());
    await waitFor(() => expect(commerceDb.orders).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('promoCode');
    expect(commerceDb.orders[0]).toMatchObject({ total: 600 + fee, promoCode: null });
  });

  it('says in Kiswahili why checkout refused a code that ended meanwhile', async () => {
    inKiswahili();
    const karibu = addPromoCode();
    const { user } = renderAppQuietly('/checkout');
    const promo = () => screen.getByRole('textbox', { name: 'Msimbo wa punguzo' });
    await user.click(await screen.findByRole('textbox', { name: 'Msimbo wa punguzo' }));
    await user.paste('KARIBU10');
    await user.click(screen.getByRole('button', { name: 'Tumia' }));
    await screen.findByRole('button', { name: 'Ondoa msimbo wa punguzo KARIBU10' });
    expect(screen.getByText('Punguzo KARIBU10')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Westlands' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Eneo la usafirishaji' }), 'Westlands');
    await user.click(screen.getByRole('textbox', { name: 'Anwani ya usafirishaji' }));
    await user.paste('Mpaka Road, Apt 4B');
    const phone = screen.getByRole('textbox', { name: 'Nambari ya simu ya M-Pesa' });
    await user.clear(phone);
    await user.paste('0712345600');
    const pay = screen.getByRole('button', { name: /^Lipa/ });
    await waitFor(() => expect(pay).toBeEnabled());
    karibu.endsAt = new Date(Date.now() - 1000);
    await user.click(pay);

    await waitFor(() =>
      expect(promo()).toHaveAccessibleErrorMessage(
        'Muda wa msimbo KARIBU10 umekwisha. Oda yako haijawekwa: ondoa msimbo au badilisha kikapu, kisha ubonyeze Lipa tena.',
      ),
    );
    expect(commerceDb.orders).toHaveLength(0);
  });
});
