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
import {
  attributeLabels,
  PriceTag,
  productLink,
  productQueries,
  StockLabel,
  stockOf,
  unitPrice,
  viewFromDetail,
  type ProductView,
} from '@/features/catalogue';
import { useIsAuthenticated } from '@/features/session';
import { isApiError } from '@/lib/api-client';
import { formatKsh } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import type { Variant } from '@contract/catalogue';
import { mdiCartOff, mdiCartOutline, mdiDeleteOutline, mdiLockOutline } from '@mdi/js';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useCartActions, useCartItems, useCartStatus, type CartItem } from '../hooks/use-cart';
import { refreshGuestItem } from '../stores/guest-cart-store';
import { QuantityStepper } from './cart-control';

/** A line with what the server says about its product now. */
interface PricedLine {
  item: CartItem;
  product?: ProductView;
  variant?: Variant;
  /** The product or variant is gone, or sold out: it cannot be bought. */
  unavailable: boolean;
  unit: number;
  total: number;
}

/**
 * Re-reads every product in the cart (spec: prices come from the server; the stored price is a
 * cache) and folds the answers into the lines, refreshing the stored prices.
 */
function usePricedLines(items: CartItem[]): { lines: PricedLine[]; checking: boolean } {
  const productIds = useMemo(() => [...new Set(items.map((i) => i.productId))], [items]);
  const results = useQueries({
    // staleTime 0: opening the cart always asks the server for today's prices and stock.
    queries: productIds.map((id) => ({ ...productQueries.detail(id), staleTime: 0 })),
  });
  const firstError = results.find((r) => r.error && !(isApiError(r.error) && r.error.status === 404))?.error;
  useErrorToast(firstError, 'cart-prices-error');

  const byId = new Map(productIds.map((id, i) => [id, results[i]]));
  const lines = items.map((item): PricedLine => {
    const result = byId.get(item.productId);
    const gone = isApiError(result?.error) && result.error.status === 404;
    const product = result?.data ? viewFromDetail(result.data) : undefined;
    const variant = product?.variants.find((v) => v.variantId === item.variantId);
    const unavailable = gone || (product !== undefined && (!variant || stockOf(variant) < 1));
    const unit = variant ? unitPrice(variant) : item.price;
    return { item, product, variant, unavailable, unit, total: unit * item.quantity };
  });

  const freshness = lines
    .map((l) => (l.variant ? `${l.item.itemId}=${l.unit}/${stockOf(l.variant)}` : ''))
    .join();
  useEffect(() => {
    for (const line of lines) {
      if (line.variant)
        refreshGuestItem(line.item.itemId, { price: line.unit, stock: stockOf(line.variant) });
    }
    // Keyed on what the server said, not on the line objects rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [freshness]);

  return { lines, checking: results.some((r) => r.isFetching) };
}

function CartLine({ line }: { line: PricedLine }) {
  const { item, product, variant } = line;
  const { remove } = useCartActions();
  const link = productLink({ productId: item.productId, categories: product?.categories });
  const options = product && variant ? attributeLabels(product, variant) : [];
  return (
    <Grid
      as="li"
      templateColumns={{ base: '4.5rem 1fr', sm: '5.5rem 1fr auto' }}
      templateAreas={{
        base: `"image info" "image controls"`,
        sm: `"image info total" "image controls total"`,
      }}
      columnGap={{ base: '3', sm: '4' }}
      rowGap="3"
      py="4"
      aria-label={item.name}
    >
      <Box gridArea="image">
        <Link {...link} tabIndex={-1} aria-hidden="true">
          <Image
            src={item.image || product?.images[0]?.urls.thumb}
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
          {variant ? <PriceTag variant={variant} /> : <Text fontWeight="bold">{formatKsh(item.price)}</Text>}
          <Text as="span" fontSize="sm" color="fg.muted">
            each
          </Text>
        </HStack>
        {line.unavailable ? <StockLabel inStock={false} /> : null}
      </Stack>
      <HStack gridArea="controls" gap="2">
        <Box w="9rem">
          <QuantityStepper item={item} name={item.name} />
        </Box>
        <IconButton
          aria-label={`Delete ${item.name} from cart`}
          variant="ghost"
          colorPalette="support"
          onClick={() => remove(item)}
        >
          <MdiIcon path={mdiDeleteOutline} boxSize="5" />
        </IconButton>
      </HStack>
      <Stack
        gridArea={{ base: 'auto', sm: 'total' }}
        gridColumn={{ base: '2', sm: 'auto' }}
        align={{ base: 'flex-start', sm: 'flex-end' }}
        gap="0"
      >
        <Text fontSize="xs" color="fg.muted" hideFrom="sm">
          Line total
        </Text>
        <Text fontWeight="bold" fontSize="lg" data-testid="line-total">
          <VisuallyHidden>Line total </VisuallyHidden>
          {formatKsh(line.total)}
        </Text>
      </Stack>
    </Grid>
  );
}

function EmptyCart() {
  return (
    <EmptyPanel
      icon={mdiCartOutline}
      title="Your cart is empty"
      description="Add fresh food and groceries and they will show up here."
    >
      <BrowseProducts />
    </EmptyPanel>
  );
}

function CheckoutButton({ disabled }: { disabled: boolean }) {
  const signedIn = useIsAuthenticated();
  const label = (
    <>
      <MdiIcon path={mdiLockOutline} boxSize="5" />
      Proceed to checkout
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
      {/* Guests sign in first and come back to checkout (spec §2, §6). */}
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

/** Admins have no cart (spec §4, §6). */
function NoCartForAdmins() {
  return (
    <EmptyPanel
      icon={mdiCartOff}
      tone="muted"
      title="Admins have no cart"
      description="Sign in with a shopper account to shop."
    />
  );
}

function CartUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <Stack align="center" gap="3" py="12" textAlign="center" role="alert">
      <Text fontWeight="semibold">We could not load your cart.</Text>
      <Button colorPalette="primary" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/** The cart (spec §2): its lines at today's prices, quantities, totals and the way to checkout. */
export function CartPage() {
  const items = useCartItems();
  const status = useCartStatus();
  const { lines, checking } = usePricedLines(items);
  if (status.mode === 'none') return <NoCartForAdmins />;
  if (status.loading) {
    return (
      <Text role="status" color="fg.muted" py="12" textAlign="center">
        Loading your cart…
      </Text>
    );
  }
  if (status.error && items.length === 0) return <CartUnavailable onRetry={status.refetch} />;
  if (items.length === 0) return <EmptyCart />;

  const units = items.reduce((n, i) => n + i.quantity, 0);
  const subtotal = lines.reduce((sum, l) => sum + (l.unavailable ? 0 : l.total), 0);
  const blocked = lines.some((l) => l.unavailable);
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '6', md: '8' }} align="flex-start">
      <Card.Root flex="1" w="full" bg="bg.panel">
        <Card.Body py="2">
          <Stack
            as="ul"
            listStyleType="none"
            separator={<Separator />}
            gap="0"
            aria-label="Items in your cart"
            aria-busy={checking}
          >
            {lines.map((line) => (
              <CartLine key={line.item.itemId} line={line} />
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
            Order summary
          </Heading>
          <Flex justify="space-between" align="baseline" gap="3" flexWrap="wrap">
            <Text>
              Subtotal ({units} {units === 1 ? 'item' : 'items'})
            </Text>
            <Text fontWeight="bold" fontSize="xl" whiteSpace="nowrap" data-testid="cart-subtotal">
              {formatKsh(subtotal)}
            </Text>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {checking ? 'Checking today’s prices…' : 'Delivery is added at checkout.'}
          </Text>
          {blocked ? (
            <Text fontSize="sm" color="danger.fg" role="alert">
              Some items are no longer available. Remove them to check out.
            </Text>
          ) : null}
          <CheckoutButton disabled={blocked} />
          <Button asChild variant="ghost" colorPalette="support" size="sm">
            <Link to="/" hash="our-products">
              Continue shopping
            </Link>
          </Button>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
