import { shownFigures } from '@contract/checkout-rules';
import { Alert, Button, Card, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { BrowseProducts, EmptyPanel } from '@/components/empty-panel';
import { MpesaPhoneField, mpesaPhoneProblemText } from '@/components/mpesa-phone-field';
import { authQueries } from '@/features/auth';
import {
  cartQueries,
  isPromoLimit,
  PromoCodeField,
  promoRefusalText,
  usePromoCode,
  useCartMode,
  useSettlePromoCode,
} from '@/features/cart';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { displayMpesaPhone } from '@/lib/phone';
import type { CheckoutBody } from '@contract/checkout';
import { mdiCartOutline, mdiCartOff } from '@mdi/js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceOrder } from '../hooks/use-place-order';
import { placeParams, type PlaceChoice } from '../model/place';
import { priceChangeText } from '../model/refusals';
import { CheckoutSummary } from './checkout-summary';
import { DeliveryFields } from './delivery-fields';

/**
 * Shown when the cart cannot be read (docs/behaviour.md#error-texts): the English text of
 * `checkout:cartError`, which the page shows in the shopper's language.
 */
export const CHECKOUT_CART_ERROR = 'Error retrieving checkout cart';

function EmptyCheckout() {
  const { t } = useTranslation('checkout');
  return (
    <EmptyPanel icon={mdiCartOutline} title={t('emptyTitle')} description={t('emptyDescription')}>
      <BrowseProducts />
    </EmptyPanel>
  );
}

function NoCheckoutForAdmins() {
  const { t } = useTranslation('checkout');
  return (
    <EmptyPanel icon={mdiCartOff} tone="muted" title={t('adminTitle')} description={t('adminDescription')} />
  );
}

/** The phone on the shopper's profile, in the form the field shows, when it can take M-Pesa. */
function useProfilePhone(): string | null {
  const me = useQuery({ ...authQueries.me(), staleTime: 5 * 60_000 });
  return me.data?.phone ? displayMpesaPhone(me.data.phone) : null;
}

function CheckoutForm() {
  const { t } = useTranslation('checkout');
  const { t: tCart } = useTranslation('cart');
  const [place, setPlace] = useState<PlaceChoice>({ kind: 'none' });
  const [address, setAddress] = useState('');
  // Null until the shopper types: until then the field shows the profile's phone.
  const [typedPhone, setTypedPhone] = useState<string | null>(null);
  const profilePhone = useProfilePhone();
  const phone = typedPhone ?? profilePhone ?? '';
  const [touched, setTouched] = useState({ address: false, phone: false, submitted: false });
  const { submit, pending, interrupted, priceChanged, promoRefused, clearPromoRefused } = usePlaceOrder();
  const promoCode = usePromoCode();
  const online = useOnline();
  // While a submission waits for its answer the form is what was sent: nothing on it changes.
  const locked = pending || interrupted !== null;

  const params = placeParams(place);
  // Always today's prices, stock and fee when the page opens (the cached cart may be older), priced
  // with the typed code: the figures the shopper agrees to pay. Not asked again while an interrupted
  // submission waits (the order it may have made took the cart): the page keeps what was sent.
  const cartQuery = useQuery({
    ...cartQueries.server(promoCode ? { ...params, promoCode } : params),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: interrupted === null,
  });
  const { data: cart, isPending, isPlaceholderData } = cartQuery;
  // Too many codes tried is said under the promo field (and the code let go), not as a broken cart.
  const limited = isPromoLimit(promoCode, cartQuery.error);
  const error = limited ? null : cartQuery.error;
  useSettlePromoCode(promoCode, cart, limited ? cartQuery.error : null);
  useEffect(() => {
    if (error) notify.error(t('cartError'), { id: 'checkout-cart-error' });
  }, [error, t]);

  if (isPending || (limited && !cart)) {
    return (
      <Text role="status" color="fg.muted" py="12" textAlign="center">
        {t('loading')}
      </Text>
    );
  }
  if (!cart) {
    return (
      <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
        <Text fontWeight="semibold">{t('cartError')}</Text>
        <Button colorPalette="primary" variant="outline" onClick={() => void cartQuery.refetch()}>
          {t('tryAgain')}
        </Button>
      </Stack>
    );
  }
  if (cart.Items.length === 0) return <EmptyCheckout />;

  const problems = {
    place: params ? null : t('placeRequired'),
    address: address.trim().length < 3 ? t('addressRequired') : null,
    phone: mpesaPhoneProblemText(t, phone),
  };
  const show = (field: 'address' | 'phone') => (touched[field] || touched.submitted ? problems[field] : null);
  // The fee of the chosen place is what the total shows: wait for it before paying.
  const updating = isPlaceholderData;
  const blocked = cart.Items.some((i) => !i.available) ? t('blocked') : null;
  // Checkout's refusal of the code says why in the words the cart, asked again, gives for it.
  const held = cart.promo?.code === promoCode ? cart.promo : null;
  const promoMessage =
    promoRefused && held && !held.applied
      ? t('refusals.promo_refused', { reason: promoRefusalText(tCart, held) })
      : promoRefused;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched((t) => ({ ...t, submitted: true }));
    if (!params || problems.address || problems.phone || blocked) return;
    // What the page shows is what the shopper agrees to pay: checkout charges exactly this or refuses.
    // The cart is priced with the typed code, so these are the figures with its saving. The code goes
    // with them only while the page shows it applied (a refused one is already said under its field,
    // and the total shown is without it); one that stopped applying since is refused (409
    // promo_refused) rather than silently paid without.
    const shown = shownFigures(cart);
    const applied = promoCode !== null && cart.promo?.applied === true && cart.promo.code === promoCode;
    const body: CheckoutBody = {
      phone: phone.trim(),
      address: address.trim(),
      ...params,
      shown,
      ...(applied ? { promoCode } : {}),
    };
    void submit(body);
  };

  return (
    <Grid
      templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 24rem' }}
      gap={{ base: '6', md: '8' }}
      alignItems="start"
    >
      <form id="checkout-form" onSubmit={onSubmit} noValidate aria-label={t('formLabel')}>
        <Stack gap="6">
          {priceChanged ? (
            <Alert.Root status="warning" role="alert" aria-labelledby="price-changed-title">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title id="price-changed-title">{t('priceChangedTitle')}</Alert.Title>
                <Alert.Description>{priceChangeText(t, priceChanged)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('cartError')}</Alert.Title>
                <Alert.Description>{t('staleFigures')}</Alert.Description>
              </Alert.Content>
              <Button
                size="sm"
                variant="outline"
                colorPalette="danger"
                onClick={() => void cartQuery.refetch()}
              >
                {t('tryAgain')}
              </Button>
            </Alert.Root>
          ) : null}
          <Card.Root as="section" aria-labelledby="delivery-heading" bg="bg.panel">
            <Card.Body gap="4">
              <Heading as="h2" size="md" id="delivery-heading">
                {t('delivery')}
              </Heading>
              <DeliveryFields
                place={place}
                onPlaceChange={setPlace}
                placeError={touched.submitted ? problems.place : null}
                address={address}
                onAddressChange={setAddress}
                onAddressBlur={() => setTouched((t) => ({ ...t, address: true }))}
                addressError={show('address')}
                disabled={locked}
              />
            </Card.Body>
          </Card.Root>
          <Card.Root as="section" aria-labelledby="payment-heading" bg="bg.panel">
            <Card.Body gap="4">
              <Heading as="h2" size="md" id="payment-heading">
                {t('payment')}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {t('payHint')}
              </Text>
              <MpesaPhoneField
                value={phone}
                onChange={setTypedPhone}
                onBlur={() => setTouched((t) => ({ ...t, phone: true }))}
                error={show('phone')}
                disabled={locked}
              />
            </Card.Body>
          </Card.Root>
        </Stack>
      </form>
      <CheckoutSummary
        cart={cart}
        placeChosen={params !== null}
        updating={updating}
        submitting={pending}
        offline={!online}
        interrupted={interrupted}
        blocked={blocked}
        promoField={
          <PromoCodeField cart={cart} message={promoMessage} onChange={clearPromoRefused} disabled={locked} />
        }
      />
    </Grid>
  );
}

/**
 * /checkout (docs/behaviour.md#cart-and-checkout-pages): items, delivery place and address, the M-Pesa phone,
 * shipping, total, Pay.
 */
export function CheckoutPage() {
  const mode = useCartMode();
  return mode === 'none' ? <NoCheckoutForAdmins /> : <CheckoutForm />;
}
