import {
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  IconButton,
  Image,
  Separator,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { BrowseProducts, EmptyPanel } from '@/components/empty-panel';
import { MdiIcon } from '@/components/mdi-icon';
import { PriceTag, productLink, StockLabel } from '@/features/catalogue';
import { useIsAuthenticated, useUser } from '@/features/session';
import { useOnline } from '@/lib/online';
import { formatKsh } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { CartItem } from '@contract/cart';
import { mdiCartOff, mdiCartOutline, mdiClose, mdiDeleteOutline, mdiLockOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useCartActions } from '../hooks/use-cart';
import { useCart } from '../hooks/use-priced-cart';
import { useSettlePromoCode } from '../hooks/use-settle-promo-code';
import { dismissCartConflict, useCartConflicts, type CartConflict } from '../stores/cart-queue-store';
import { capGuestItem, useGuestCartItems } from '../stores/guest-cart-store';
import { usePromoCode } from '../stores/promo-code-store';
import { QuantityStepper } from './cart-control';
import { PromoCodeField, PromoSavingLine } from './promo-code-field';

/** How a line's price reads: the sale price, and the list price struck through while on sale. */
const priceOf = (item: CartItem) => ({
  price: item.originalPrice,
  saleInfo: { onSale: item.onSale, discountedPrice: item.onSale ? item.price : null },
});

/** Why a line cannot be bought as it is, or null. */
function stockProblem(item: CartItem, t: TFunction<'cart'>): string | null {
  if (item.available) return null;
  return item.stock === 0 ? null : t('page.onlyLeft', { count: item.stock });
}

function RemoveButton({ itemId, name }: { itemId: string; name: string }) {
  const { t } = useTranslation('cart');
  const { remove } = useCartActions();
  return (
    <IconButton
      aria-label={t('page.delete', { name })}
      variant="ghost"
      colorPalette="support"
      onClick={() => remove({ itemId })}
    >
      <MdiIcon path={mdiDeleteOutline} boxSize="5" />
    </IconButton>
  );
}

/** Why a change of this line queued here was not saved (the server refused it), until dismissed. */
function ConflictNote({ conflict }: { conflict: CartConflict }) {
  const { t } = useTranslation('cart');
  return (
    <HStack gap="1" align="flex-start">
      <Text fontSize="sm" color="danger.fg" role="alert">
        {t('queue.notSaved', { reason: conflict.reason })}
      </Text>
      <IconButton
        aria-label={t('queue.dismiss', { name: conflict.name })}
        variant="ghost"
        colorPalette="support"
        size="2xs"
        onClick={() => dismissCartConflict(conflict.variantId)}
      >
        <MdiIcon path={mdiClose} boxSize="4" />
      </IconButton>
    </HStack>
  );
}

const lineLayout = {
  as: 'li',
  templateColumns: { base: '4.5rem 1fr', sm: '5.5rem 1fr auto' },
  templateAreas: { base: `"image info" "image controls"`, sm: `"image info total" "image controls total"` },
  columnGap: { base: '3', sm: '4' },
  rowGap: '3',
  py: '4',
} as const;

function LineImage({ src }: { src: string | null }) {
  return (
    <Image
      src={src ?? undefined}
      alt=""
      htmlWidth="160"
      htmlHeight="120"
      w="full"
      aspectRatio="4 / 3"
      fit="cover"
      rounded="l2"
      bg="bg.muted"
      loading="lazy"
    />
  );
}

/** A line as the server priced it: its options, price, quantity controls and total. */
function CartLine({ item, conflict }: { item: CartItem; conflict: CartConflict | undefined }) {
  const { t } = useTranslation('cart');
  const link = productLink({ productId: item.productId, categoryId: item.categoryId });
  const options = item.attributes.map((a) => `${a.name}: ${a.value}`);
  const problem = stockProblem(item, t);
  return (
    <Grid {...lineLayout} aria-label={item.name}>
      <Box gridArea="image">
        <Link {...link} tabIndex={-1} aria-hidden="true">
          <LineImage src={item.image} />
        </Link>
      </Box>
      <Stack gridArea="info" gap="1" minW="0">
        <Text fontWeight="semibold" lineClamp="2">
          <Link {...link}>{item.name}</Link>
        </Text>
        {options.length > 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {options.join(' · ')}
          </Text>
        ) : null}
        <HStack gap="2" flexWrap="wrap">
          <PriceTag variant={priceOf(item)} />
          <Text as="span" fontSize="sm" color="fg.muted">
            {t('page.each')}
          </Text>
        </HStack>
        {item.stock === 0 ? <StockLabel inStock={false} /> : null}
        {problem ? (
          <Text fontSize="sm" color="danger.fg">
            {problem}
          </Text>
        ) : null}
        {conflict ? <ConflictNote conflict={conflict} /> : null}
      </Stack>
      <HStack gridArea="controls" gap="2">
        <Box w="9rem">
          <QuantityStepper item={item} name={item.name} />
        </Box>
        <RemoveButton itemId={item.itemId} name={item.name} />
      </HStack>
      <Stack
        gridArea={{ base: 'auto', sm: 'total' }}
        gridColumn={{ base: '2', sm: 'auto' }}
        align={{ base: 'flex-start', sm: 'flex-end' }}
        gap="0"
      >
        <Text fontSize="xs" color="fg.muted" hideFrom="sm">
          {t('page.lineTotal')}
        </Text>
        <Text fontWeight="bold" fontSize="lg" data-testid="line-total">
          <VisuallyHidden>{t('page.lineTotal')} </VisuallyHidden>
          {formatKsh(item.totalPrice)}
        </Text>
      </Stack>
    </Grid>
  );
}

/** A line the shop no longer sells: named from what the browser kept, with a way to remove it. */
function GoneLine({ itemId, name, image }: { itemId: string; name: string; image: string | null }) {
  const { t } = useTranslation('cart');
  return (
    <Grid {...lineLayout} aria-label={name}>
      <Box gridArea="image" opacity={0.5}>
        <LineImage src={image} />
      </Box>
      <Stack gridArea="info" gap="1" minW="0">
        <Text fontWeight="semibold" lineClamp="2">
          {name}
        </Text>
        <Text fontSize="sm" color="danger.fg">
          {t('page.noLongerSold')}
        </Text>
      </Stack>
      <HStack gridArea="controls" gap="2">
        <RemoveButton itemId={itemId} name={name} />
      </HStack>
    </Grid>
  );
}

/** A line whose queued add the server refused: it never reached the cart, so only the note shows. */
function RefusedLine({ conflict }: { conflict: CartConflict }) {
  return (
    <Grid {...lineLayout} aria-label={conflict.name}>
      <Box gridArea="image" opacity={0.5}>
        <LineImage src={conflict.image} />
      </Box>
      <Stack gridArea="info" gap="1" minW="0">
        <Text fontWeight="semibold" lineClamp="2">
          {conflict.name}
        </Text>
        <ConflictNote conflict={conflict} />
      </Stack>
    </Grid>
  );
}

function EmptyCart() {
  const { t } = useTranslation('cart');
  return (
    <EmptyPanel icon={mdiCartOutline} title={t('page.emptyTitle')} description={t('page.emptyDescription')}>
      <BrowseProducts />
    </EmptyPanel>
  );
}

function CheckoutButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('cart');
  const signedIn = useIsAuthenticated();
  const label = (
    <>
      <MdiIcon path={mdiLockOutline} boxSize="5" />
      {t('page.proceed')}
    </>
  );
  if (disabled) {
    return (
      <Button colorPalette="primary" size="lg" w="full" disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button asChild colorPalette="primary" size="lg" w="full">
      {/* Guests sign in first and come back to checkout (docs/behaviour.md#cart-and-checkout-pages). */}
      {signedIn ? (
        <Link to="/checkout">{label}</Link>
      ) : (
        <Link to="/auth" search={{ redirect: '/checkout' }}>
          {label}
        </Link>
      )}
    </Button>
  );
}

/** Admins have no cart (docs/behaviour.md#roles). */
function NoCartForAdmins() {
  const { t } = useTranslation('cart');
  return (
    <EmptyPanel
      icon={mdiCartOff}
      tone="muted"
      title={t('page.adminTitle')}
      description={t('page.adminDescription')}
    />
  );
}

function CartUnavailable({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('cart');
  return (
    <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
      <Text fontWeight="semibold">{t('page.loadFailed')}</Text>
      <Button colorPalette="primary" variant="outline" onClick={onRetry}>
        {t('page.tryAgain')}
      </Button>
    </Stack>
  );
}

/**
 * The guest cart follows what the server says about stock: a line above what is left comes down to
 * it (a sold-out line stays, for the shopper to see and remove).
 */
function useGuestCaps(items: readonly CartItem[] | undefined, guest: boolean) {
  useEffect(() => {
    if (guest) for (const item of items ?? []) capGuestItem(item.itemId, item.stock);
  }, [items, guest]);
}

/**
 * The cart (docs/behaviour.md#cart-and-checkout-pages): its lines as the server priced them (one request:
 * `GET /v1/cart` for a shopper, `POST /v1/cart/quote` for a guest, with the typed promo code), quantities,
 * totals, the promo code and the way to checkout.
 */
export function CartPage() {
  const { t } = useTranslation('cart');
  const promoCode = usePromoCode();
  const { mode, cart, loading, updating, error, promoError, refetch } = useCart(promoCode);
  useSettlePromoCode(promoCode, cart, promoError);
  const kept = useGuestCartItems();
  const online = useOnline();
  const conflicts = useCartConflicts(useUser()?.userId);
  useErrorToast(error, 'cart-error');
  useGuestCaps(cart?.Items, mode === 'guest');
  if (mode === 'none') return <NoCartForAdmins />;
  if (loading) {
    return (
      <Text role="status" color="fg.muted" py="12" textAlign="center">
        {t('page.loading')}
      </Text>
    );
  }
  if (!cart) return <CartUnavailable onRetry={refetch} />;
  const conflictOf = (variantId: string) => conflicts.find((c) => c.variantId === variantId);
  const refused = conflicts.filter((c) => !cart.Items.some((i) => i.variantId === c.variantId));
  if (cart.Items.length === 0 && cart.missing.length === 0 && refused.length === 0) return <EmptyCart />;

  const gone = cart.missing.map((itemId) => {
    const line = kept.find((l) => l.itemId === itemId);
    return { itemId, name: line?.name ?? t('page.anItem'), image: line?.image || null };
  });
  const units = cart.Items.reduce((n, i) => n + i.quantity, 0);
  const blocked = gone.length > 0 || cart.Items.some((i) => !i.available);
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '6', md: '8' }} align="flex-start">
      <Card.Root flex="1" w="full" bg="bg.panel">
        <Card.Body py="2">
          <Stack
            as="ul"
            listStyleType="none"
            separator={<Separator />}
            gap="0"
            aria-label={t('page.itemsLabel')}
            aria-busy={updating}
          >
            {cart.Items.map((item) => (
              <CartLine key={item.itemId} item={item} conflict={conflictOf(item.variantId)} />
            ))}
            {refused.map((conflict) => (
              <RefusedLine key={conflict.variantId} conflict={conflict} />
            ))}
            {gone.map((line) => (
              <GoneLine key={line.itemId} {...line} />
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root
        as="aside"
        aria-labelledby="cart-summary"
        w={{ base: 'full', md: '22rem' }}
        position={{ md: 'sticky' }}
        top={{ md: '24' }}
        bg="bg.panel"
      >
        <Card.Body gap="4">
          <Heading as="h2" size="md" id="cart-summary">
            {t('page.summary')}
          </Heading>
          <Flex justify="space-between" align="baseline" gap="3" flexWrap="wrap">
            <Text>{t('page.subtotal', { count: units })}</Text>
            <Text fontWeight="bold" fontSize="xl" whiteSpace="nowrap" data-testid="cart-subtotal">
              {formatKsh(cart.subtotal)}
            </Text>
          </Flex>
          {cart.orderSaving > 0 ? (
            <>
              <PromoSavingLine cart={cart} />
              <Flex justify="space-between" align="baseline" gap="3">
                <Text fontWeight="bold">{t('page.total')}</Text>
                <Text fontWeight="bold" fontSize="xl" whiteSpace="nowrap" data-testid="cart-total">
                  {formatKsh(cart.total)}
                </Text>
              </Flex>
            </>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            {updating ? t('page.checkingPrices') : t('page.deliveryAtCheckout')}
          </Text>
          {!online && mode === 'server' ? (
            <Text fontSize="sm" color="fg.muted" role="status">
              {t('queue.offline')}
            </Text>
          ) : null}
          <Separator />
          <PromoCodeField cart={cart} />
          {blocked ? (
            <Text fontSize="sm" color="danger.fg" role="alert">
              {t('page.unavailable')}
            </Text>
          ) : null}
          <CheckoutButton disabled={blocked} />
          <Button asChild variant="ghost" colorPalette="support" size="sm">
            <Link to="/" hash="our-products">
              {t('page.continue')}
            </Link>
          </Button>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
