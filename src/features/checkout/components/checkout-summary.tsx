import { Box, Button, Card, Flex, Heading, HStack, Image, Separator, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { PromoSavingLine } from '@/features/cart';
import { formatKsh } from '@/lib/format';
import type { Cart } from '@contract/cart';
import { mdiCellphoneCheck } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface CheckoutSummaryProps {
  cart: Cart;
  placeChosen: boolean;
  /** The fee for a newly chosen place is on its way. */
  updating: boolean;
  submitting: boolean;
  /** Why paying is not possible right now, if it is not. */
  blocked?: string | null;
  /** The promo code field, above the totals. */
  promoField?: ReactNode;
}

/** The order as it will be placed: lines, subtotal, delivery fee, total and the Pay button. */
export function CheckoutSummary({
  cart,
  placeChosen,
  updating,
  submitting,
  blocked,
  promoField,
}: CheckoutSummaryProps) {
  // The server's figures (docs/behaviour.md#money: total = the items' totalPrice − a promo code's order
  // saving + shippingRate); until a place is chosen the cart carries no fee.
  const { subtotal, total } = cart;
  const shipping = placeChosen ? cart.shippingRate : null;
  const units = cart.Items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Card.Root as="aside" aria-labelledby="checkout-summary" bg="bg.panel" w="full">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="checkout-summary">
          Your order
        </Heading>
        <Stack
          as="ul"
          listStyleType="none"
          gap="0"
          separator={<Separator />}
          aria-label="Items in your order"
          maxH={{ md: '24rem' }}
          overflowY="auto"
        >
          {cart.Items.map((item) => (
            <HStack as="li" key={item.itemId} gap="3" py="2.5" aria-label={item.name}>
              <Image
                src={item.image ?? undefined}
                alt=""
                w="12"
                h="12"
                fit="cover"
                rounded="l2"
                bg="bg.muted"
                flexShrink={0}
              />
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="semibold" fontSize="sm" lineClamp="2">
                  {item.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  Qty {item.quantity} × {formatKsh(item.price)}
                </Text>
                {!item.available ? (
                  <Text fontSize="xs" color="danger.fg">
                    {item.stock === 0 ? 'Sold out' : `Only ${item.stock} left`}
                  </Text>
                ) : null}
              </Stack>
              <Text fontWeight="bold" fontSize="sm" whiteSpace="nowrap" data-testid="line-total">
                {formatKsh(item.totalPrice)}
              </Text>
            </HStack>
          ))}
        </Stack>
        <Separator />
        {promoField ? (
          <>
            {promoField}
            <Separator />
          </>
        ) : null}
        <Stack gap="2" aria-busy={updating}>
          <Flex justify="space-between">
            <Text color="fg.muted">
              Subtotal ({units} {units === 1 ? 'item' : 'items'})
            </Text>
            <Text fontWeight="medium" data-testid="checkout-subtotal">
              {formatKsh(subtotal)}
            </Text>
          </Flex>
          <PromoSavingLine cart={cart} />
          <Flex justify="space-between">
            <Text color="fg.muted">Delivery</Text>
            <Text fontWeight="medium" data-testid="checkout-shipping" opacity={updating ? 0.5 : 1}>
              {shipping === null ? 'Choose a place' : shipping === 0 ? 'Free' : formatKsh(shipping)}
            </Text>
          </Flex>
          <Separator />
          <Flex justify="space-between" align="baseline">
            <Text fontWeight="bold">Total</Text>
            <Text fontWeight="bold" fontSize="xl" data-testid="checkout-total" opacity={updating ? 0.5 : 1}>
              {formatKsh(total)}
            </Text>
          </Flex>
        </Stack>
        {blocked ? (
          <Text fontSize="sm" color="danger.fg" role="alert">
            {blocked}{' '}
            <Link to="/cart">
              <Box as="span" textDecoration="underline">
                Update your cart
              </Box>
            </Link>
          </Text>
        ) : null}
        <Button
          type="submit"
          form="checkout-form"
          colorPalette="primary"
          size="lg"
          w="full"
          disabled={submitting || updating || Boolean(blocked)}
          loading={submitting}
          loadingText="Sending the M-Pesa prompt…"
        >
          <MdiIcon path={mdiCellphoneCheck} boxSize="5" />
          {placeChosen ? `Pay ${formatKsh(total)} with M-Pesa` : 'Pay with M-Pesa'}
        </Button>
        <Text fontSize="xs" color="fg.muted" textAlign="center">
          You will get an M-Pesa prompt on your phone. Enter your PIN to pay.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
