import { PAYMENT_SENT } from '@/features/orders';
import { renderAppQuietly } from '@/test/render-app';
import { placeOrderAsShopper, productNamed, putInServerCart, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { goOffline, goOnline } from '@/test/connection';
import { MPESA_PHONE_MESSAGE } from '@contract/phone';
import { DEMO_USERS } from '@mocks/auth-db';
import { commerceDb } from '@mocks/commerce-db';
import { cartView } from '@contract/cart-view';
import { mockCartLines } from '@mocks/handlers/cart';
import { DEFAULT_DELIVERY_SETTINGS, deliveryFee } from '@contract/delivery';
import { DELIVERY_AREAS } from '@contract/delivery-areas';
import { errorResponse } from '@mocks/http';
import { handlers } from '@mocks/handlers';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatKsh } from '@/lib/format';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { LANGUAGE_COOKIE } from '@contract/languages';
import { LOCATION_MESSAGES } from '../hooks/use-geolocation';
import { CHECKOUT_CART_ERROR } from './checkout-page';

// Whole forms typed key by key on a shared two-core machine.
vi.setConfig({ testTimeout: 20_000 });

const westlands = DELIVERY_AREAS.find((a) => a.id === 'westlands')!;

/** The checkout requests the app sends, with their Idempotency-Key. */
function checkoutPosts() {
  const keys: (string | null)[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/checkout') {
      keys.push(request.headers.get('Idempotency-Key'));
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return keys;
}

async function openCheckout() {
  const view = renderAppQuietly('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await screen.findByRole('list', { name: 'Items in your order' });
  return view;
}

const field = {
  area: () => screen.getByRole('combobox', { name: 'Delivery area' }),
  address: () => screen.getByRole('textbox', { name: 'Delivery address' }),
  phone: () => screen.getByRole('textbox', { name: 'M-Pesa phone number' }),
  pay: () => screen.getByRole('button', { name: /^Pay/ }),
};

async function fillForm(user: ReturnType<typeof renderAppQuietly>['user'], phone = '0712345600') {
  await screen.findByRole('option', { name: 'Westlands' });
  await user.selectOptions(field.area(), 'Westlands');
  await user.type(field.address(), 'Mpaka Road, Apt 4B');
  await user.clear(field.phone());
  await user.type(field.phone(), phone);
  await waitFor(() => expect(field.pay()).toBeEnabled());
}

describe('checkout', () => {
  beforeEach(() => {
    resetShop();
    putInServerCart(customer.userId, 'Omena', 2);
    putInServerCart(customer.userId, 'Hass avocado', 3);
  });

  it('lists the items and checks every field before sending anything', async () => {
    signInAs(customer);
    const posts = checkoutPosts();
    const { user } = await openCheckout();
    const items = screen.getByRole('list', { name: 'Items in your order' });
    expect(within(items).getByRole('listitem', { name: 'Omena' })).toHaveTextContent('Qty 2');
    expect(
      within(within(items).getByRole('listitem', { name: 'Omena' })).getByTestId('line-total'),
    ).toHaveTextContent('KSH 240.00');
    expect(
      within(within(items).getByRole('listitem', { name: 'Hass avocado' })).getByTestId('line-total'),
    ).toHaveTextContent('KSH 108.00');

    await user.click(field.pay());
    expect(await screen.findByText('Choose your delivery area, or use your location.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the delivery address: street, building and directions.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter the M-Pesa phone number for the payment prompt.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('accepts Kenyan mobile numbers in every usual format and refuses others', async () => {
    signInAs(customer);
    const { user } = await openCheckout();
    await user.type(field.phone(), '0812 345 678');
    await user.tab();
    expect(await screen.findByText(MPESA_PHONE_MESSAGE)).toBeInTheDocument();
    expect(field.phone()).toHaveAttribute('aria-invalid', 'true');

    for (const [typed, shown] of [
      ['0712345678', '0712 345 678'],
      ['0112 345 678', '0112 345 678'],
      ['+254 712 345 678', '0712 345 678'],
      ['254712345678', '0712 345 678'],
      ['0712-345-678', '0712 345 678'],
    ]) {
      await user.clear(field.phone());
      await user.type(field.phone(), typed!);
      expect(await screen.findByText(`The payment prompt goes to ${shown}.`)).toBeInTheDocument();
      expect(screen.queryByText(MPESA_PHONE_MESSAGE)).not.toBeInTheDocument();
    }
    await user.clear(field.phone());
    await user.type(field.phone(), '+255712345678');
    expect(await screen.findByText(MPESA_PHONE_MESSAGE)).toBeInTheDocument();
  });

  it("prefills the phone from the shopper's profile", async () => {
    signInAs({
      userId: DEMO_USERS.shopper.id,
      type: 'customer',
      email: DEMO_USERS.shopper.email,
      name: DEMO_USERS.shopper.name,
    });
    putInServerCart(DEMO_USERS.shopper.id, 'Omena', 1);
    await openCheckout();
    await waitFor(() => expect(field.phone()).toHaveValue('0712 345 678'));
  });

  it("shows the delivery fee of the chosen area and a total of the items plus shipping, as the server's", async () => {
    signInAs(customer);
    const { user } = await openCheckout();
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('KSH 348.00');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Choose a place');

    await screen.findByRole('option', { name: 'Westlands' });
    await user.selectOptions(field.area(), 'Westlands');
    const fee = deliveryFee(westlands, DEFAULT_DELIVERY_SETTINGS);
    await waitFor(() => expect(screen.getByTestId('checkout-shipping')).toHaveTextContent(formatKsh(fee)));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatKsh(348 + fee));
    expect(cartView(mockCartLines(customer.userId), fee).total).toBe(348 + fee);
    expect(field.pay()).toHaveAccessibleName(`Pay ${formatKsh(348 + fee)} with M-Pesa`);
  });

  it('delivers to the browser location, and says clearly when it is refused', async () => {
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    onTestFinished(() => void vi.unstubAllGlobals());
    signInAs(customer);
    const { user } = await openCheckout();

    getCurrentPosition.mockImplementationOnce((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError),
    );
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(LOCATION_MESSAGES.denied)).toBeInTheDocument();

    getCurrentPosition.mockImplementationOnce((ok: PositionCallback) =>
      ok({ coords: { latitude: -1.26761234, longitude: 36.81081234, accuracy: 20 } } as GeolocationPosition),
    );
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Delivering to your location (-1.2676, 36.8108)')).toBeInTheDocument();
    expect(screen.queryByText(LOCATION_MESSAGES.denied)).not.toBeInTheDocument();
    const fee = deliveryFee({ lat: -1.267612, lng: 36.810812 }, DEFAULT_DELIVERY_SETTINGS);
    await waitFor(() => expect(screen.getByTestId('checkout-shipping')).toHaveTextContent(formatKsh(fee)));
  });

  it("says 'Error retrieving checkout cart' when the cart cannot be fetched", async () => {
    server.use(
      http.get('*/api/v1/cart', () => errorResponse(500, 'internal', 'The database is not answering.')),
    );
    signInAs(customer);
    renderAppQuietly('/checkout');
    // The toast and the page both say it.
    await waitFor(() => expect(screen.getAllByText(CHECKOUT_CART_ERROR)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('places one order for a double click, empties the cart and opens the order page', async () => {
    signInAs(customer);
    const posts = checkoutPosts();
    const { user, router } = await openCheckout();
    await fillForm(user);
    await user.dblClick(field.pay());

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/account\/orders\/[0-9a-f-]{36}$/));
    expect(posts).toHaveLength(1);
    expect(commerceDb.orders).toHaveLength(1);
    const [order] = commerceDb.orders;
    expect(router.state.location.pathname).toBe(`/account/orders/${order!.orderId}`);
    expect(order).toMatchObject({
      phone: '254712345600',
      total: 348 + deliveryFee(westlands, DEFAULT_DELIVERY_SETTINGS),
    });
    expect(await screen.findByText(PAYMENT_SENT)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 0 items' }),
    ).toBeInTheDocument();
  });

  it('sends the same Idempotency-Key again when the network failed, and a new one for the next order', async () => {
    server.use(http.post('*/api/v1/checkout', () => HttpResponse.error(), { once: true }));
    signInAs(customer);
    const posts = checkoutPosts();
    const { user, router } = await openCheckout();
    await fillForm(user);
    await user.click(field.pay());
    await waitFor(() => expect(posts).toHaveLength(1));
    // Said calmly beside Pay, which sends it again at once (as the page would by itself shortly).
    expect(
      await screen.findByText("Connection lost — we'll finish placing your order when you're back online."),
    ).toBeInTheDocument();
    await waitFor(() => expect(field.pay()).toBeEnabled());
    await user.click(field.pay());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/account\/orders\//));
    expect(posts).toHaveLength(2);
    expect(posts[1]).toBe(posts[0]);
    expect(commerceDb.orders).toHaveLength(1);

    // A later checkout is a new submission with its own key.
    putInServerCart(customer.userId, 'Omena', 1);
    await router.navigate({ to: '/checkout' });
    await screen.findByRole('list', { name: 'Items in your order' });
    await fillForm(user);
    await user.click(field.pay());
    await waitFor(() => expect(commerceDb.orders).toHaveLength(2));
    expect(posts[2]).not.toBe(posts[0]);
  });

  it('keeps Pay for when there is a connection, and says so beside the button', async () => {
    signInAs(customer);
    const posts = checkoutPosts();
    const { user } = await openCheckout();
    expect(field.pay()).toBeEnabled();

    goOffline();
    const reason = "You're offline. Connect to the internet to pay.";
    expect(await screen.findByText(reason)).toHaveAttribute('role', 'status');
    expect(field.pay()).toBeDisabled();
    expect(field.pay()).toHaveAccessibleDescription(reason);
    await user.click(field.pay());
    expect(posts).toEqual([]);

    goOnline();
    await waitFor(() => expect(field.pay()).toBeEnabled());
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
  });

  it('finishes an order whose answer the lost connection took once it is back: the same key, one order, one prompt', async () => {
    // The shop places the order, then the connection drops before its answer arrives.
    let dropped!: () => void;
    const connectionGone = new Promise<void>((resolve) => (dropped = resolve));
    server.use(
      http.post(
        '*/api/v1/checkout',
        async ({ request }) => {
          await getResponse(handlers, request);
          await connectionGone;
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    signInAs(customer);
    const posts = checkoutPosts();
    const { user, router } = await openCheckout();
    await fillForm(user);
    await user.click(field.pay());
    await waitFor(() => expect(commerceDb.orders).toHaveLength(1));
    goOffline();
    dropped();

    expect(
      await screen.findByText("Connection lost — we'll finish placing your order when you're back online."),
    ).toBeInTheDocument();
    expect(field.pay()).toBeDisabled();
    expect(field.address()).toBeDisabled();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(posts).toHaveLength(1);

    goOnline();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/account\/orders\//));
    expect(posts).toEqual([posts[0], posts[0]]);
    expect(commerceDb.orders).toHaveLength(1);
    expect(commerceDb.orders[0]!.attempts).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/account/orders/${commerceDb.orders[0]!.orderId}`);
  });

  it('waits calmly when the shop is busy, and sends the same body and key again after a reload', async () => {
    server.use(
      http.post(
        '*/api/v1/checkout',
        () =>
          errorResponse(
            503,
            'busy',
            'Many people are checking out right now and nothing was ordered. Please try again in 2 seconds.',
          ),
        { once: true },
      ),
    );
    signInAs(customer);
    const posts = checkoutPosts();
    const first = await openCheckout();
    await fillForm(first.user);
    await first.user.click(field.pay());
    await screen.findByText("The shop is busy right now — we'll finish placing your order in a moment.");
    first.unmount();

    // The page again, as after a reload: the same form, the same key.
    const { user, router } = await openCheckout();
    await fillForm(user);
    await user.click(field.pay());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/account\/orders\//));
    expect(posts).toEqual([posts[0], posts[0]]);
    expect(commerceDb.orders).toHaveLength(1);
  });

  it('toasts an out-of-stock refusal and shows the cart as it is now', async () => {
    signInAs(customer);
    const { user } = await openCheckout();
    await fillForm(user);
    productNamed('Omena').variants[0]!.quantity = 1;
    await user.click(field.pay());
    expect(
      await screen.findByText('Sorry, only 1 of Omena (250 g) is left. Update your cart and try again.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Only 1 left')).toBeInTheDocument();
    expect(commerceDb.orders).toEqual([]);
  });

  it('charges nothing when the price changed after the page showed it: says why, shows the new total, pays it next', async () => {
    signInAs(customer);
    const { user } = await openCheckout();
    await fillForm(user);
    const fee = deliveryFee(westlands, DEFAULT_DELIVERY_SETTINGS);
    const priced = () => cartView(mockCartLines(customer.userId), fee);
    const omenaPrice = () => priced().Items.find((l) => l.name === 'Omena')!.price;
    const [shownTotal, shownPrice] = [priced().total, omenaPrice()];
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatKsh(shownTotal));
    productNamed('Omena').variants[0]!.price += 10;
    const [newTotal, newPrice] = [priced().total, omenaPrice()];
    await user.click(field.pay());

    const sentence =
      `The price of Omena (250 g) changed from KSH ${shownPrice} to KSH ${newPrice}. ` +
      `Your total is now KSH ${newTotal}, not KSH ${shownTotal}: check it and press Pay again.`;
    const alert = await screen.findByRole('alert', { name: /Your total changed/ });
    expect(alert).toHaveTextContent(sentence);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatKsh(newTotal)));
    expect(commerceDb.orders).toEqual([]);

    // Pressed again, knowingly: the order is placed at the total now shown.
    await user.click(field.pay());
    await waitFor(() => expect(commerceDb.orders).toHaveLength(1));
    expect(commerceDb.orders[0]!.total).toBe(newTotal);
  });
});

describe('checkout with an earlier order', () => {
  beforeEach(() => resetShop());

  it('says the cart is empty once an order took it', async () => {
    putInServerCart(customer.userId, 'Omena', 1);
    signInAs(customer);
    await placeOrderAsShopper('0712345600');
    renderAppQuietly('/checkout');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });
});

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

describe('checkout in Kiswahili', () => {
  beforeEach(() => {
    resetShop();
    putInServerCart(customer.userId, 'Omena', 2);
    putInServerCart(customer.userId, 'Hass avocado', 3);
    signInAs(customer);
  });

  const swField = {
    area: () => screen.getByRole('combobox', { name: 'Eneo la usafirishaji' }),
    address: () => screen.getByRole('textbox', { name: 'Anwani ya usafirishaji' }),
    phone: () => screen.getByRole('textbox', { name: 'Nambari ya simu ya M-Pesa' }),
    pay: () => screen.getByRole('button', { name: /^Lipa/ }),
  };

  async function openInKiswahili() {
    inKiswahili();
    const view = renderAppQuietly('/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Kamilisha oda' });
    await screen.findByRole('list', { name: 'Bidhaa kwenye oda yako' });
    return view;
  }

  it('reads in Kiswahili: the summary with its plural, the fields, their problems and Lipa na M-Pesa', async () => {
    const posts = checkoutPosts();
    const { user } = await openInKiswahili();
    const items = screen.getByRole('list', { name: 'Bidhaa kwenye oda yako' });
    expect(within(items).getByRole('listitem', { name: 'Omena' })).toHaveTextContent('Idadi 2 × KSH 120.00');
    expect(screen.getByText('Jumla ndogo (bidhaa 5)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Chagua mahali');
    expect(screen.getByRole('heading', { name: 'Usafirishaji' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Malipo' })).toBeInTheDocument();
    expect(swField.pay()).toHaveAccessibleName('Lipa na M-Pesa');

    await user.clear(swField.phone());
    await user.click(swField.pay());
    expect(
      await screen.findByText('Chagua eneo la usafirishaji, au tumia mahali ulipo.'),
    ).toBeInTheDocument();
    expect(swField.address()).toHaveAccessibleErrorMessage(
      'Andika anwani ya usafirishaji: mtaa, jengo na maelekezo.',
    );
    expect(swField.phone()).toHaveAccessibleErrorMessage(
      'Andika nambari ya simu ya M-Pesa itakayopokea ombi la malipo.',
    );
    await user.type(swField.phone(), '0812');
    expect(swField.phone()).toHaveAccessibleErrorMessage(
      'Andika nambari ya simu ya Kenya kama 0712 345 678 au +254 712 345 678.',
    );
    expect(posts).toEqual([]);

    await user.selectOptions(swField.area(), 'Westlands');
    const fee = deliveryFee(westlands, DEFAULT_DELIVERY_SETTINGS);
    await waitFor(() => expect(screen.getByTestId('checkout-shipping')).toHaveTextContent(formatKsh(fee)));
    expect(swField.pay()).toHaveAccessibleName(`Lipa ${formatKsh(348 + fee)} na M-Pesa`);

    const page = within(screen.getByRole('main'));
    for (const english of [
      'Checkout',
      'Your order',
      /Subtotal/,
      'Delivery',
      'Payment',
      /Pay with M-Pesa/,
      'Choose your delivery area, or use your location.',
    ]) {
      expect(page.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('says in Kiswahili why Pay waits while offline', async () => {
    await openInKiswahili();
    goOffline();
    expect(await screen.findByText('Huna mtandao. Unganisha intaneti ili ulipe.')).toBeInTheDocument();
    expect(swField.pay()).toBeDisabled();
  });

  it('says in Kiswahili why the total changed, and toasts it', async () => {
    const { user } = await openInKiswahili();
    await screen.findByRole('option', { name: 'Westlands' });
    await user.selectOptions(swField.area(), 'Westlands');
    await user.type(swField.address(), 'Mpaka Road, Apt 4B');
    await user.clear(swField.phone());
    await user.type(swField.phone(), '0712345600');
    await waitFor(() => expect(swField.pay()).toBeEnabled());
    const fee = deliveryFee(westlands, DEFAULT_DELIVERY_SETTINGS);
    const priced = () => cartView(mockCartLines(customer.userId), fee);
    const omenaPrice = () => priced().Items.find((l) => l.name === 'Omena')!.price;
    const [shownTotal, shownPrice] = [priced().total, omenaPrice()];
    productNamed('Omena').variants[0]!.price += 10;
    const [newTotal, newPrice] = [priced().total, omenaPrice()];
    await user.click(swField.pay());

    const sentence =
      `Bei ya Omena (250 g) imebadilika kutoka KSH ${shownPrice} hadi KSH ${newPrice}. ` +
      `Jumla yako sasa ni KSH ${newTotal}, si KSH ${shownTotal}: ikague kisha ubonyeze Lipa tena.`;
    const alert = await screen.findByRole('alert', { name: /Jumla yako imebadilika/ });
    expect(alert).toHaveTextContent(sentence);
    // And as a toast.
    await waitFor(() => expect(screen.getAllByText(sentence)).toHaveLength(2));
    expect(screen.queryByText(/Your total is now/)).not.toBeInTheDocument();
    expect(commerceDb.orders).toEqual([]);
  });
});
