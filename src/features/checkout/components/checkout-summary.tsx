import { Box, Button, Card, Flex, Heading, HStack, Image, Separator, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { PromoSavingLine } from '@/features/cart';
import { formatKsh } from '@/lib/format';
import type { Cart } from '@contract/cart';
import { mdiCellphoneCheck } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interruption } from '../hooks/use-place-order';

export interface CheckoutSummaryProps {
  cart: Cart;
  placeChosen: boolean;
  /** The fee for a newly chosen place is on its way. */
  updating: boolean;
  submitting: boolean;
  /** The browser has no connection: Pay waits for one. */
  offline: boolean;
  /** A submission sent without an answer yet, which the page will finish. */
  interrupted: Interruption | null;
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
  offline,
  interrupted,
  blocked,
  promoField,
}: CheckoutSummaryProps) {
  const { t } = useTranslation('checkout');
  const noteId = useId();
  // What holds Pay back, said beside it: an interrupted order first (it says what happens next).
  const note = interrupted
    ? t(interrupted === 'busy' ? 'interrupted.busy' : 'interrupted.connection')
    : offline
      ? t('offline')
      : null;
  // The server's figures (docs/behaviour.md#money: total = the items' totalPrice − a promo code's order
  // saving + shippingRate); until a place is chosen the cart carries no fee.
  const { subtotal, total } = cart;
  const shipping = placeChosen ? cart.shippingRate : null;
  const units = cart.Items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Card.Root as="aside" aria-labelledby="checkout-summary" bg="bg.panel" w="full">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id="checkout-summary">
          {t('summary.title')}
        </Heading>
        <Stack
          as="ul"
          listStyleType="none"
          gap="0"
          separator={<Separator />}
          aria-label={t('summary.itemsLabel')}
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
                  {t('summary.quantity', { quantity: item.quantity, price: formatKsh(item.price) })}
                </Text>
                {!item.available ? (
                  <Text fontSize="xs" color="danger.fg">
                    {item.stock === 0 ? t('summary.soldOut') : t('summary.onlyLeft', { count: item.stock })}
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
            <Text color="fg.muted">{t('summary.subtotal', { count: units })}</Text>
            <Text fontWeight="medium" data-testid="checkout-subtotal">
              {formatKsh(subtotal)}
            </Text>
          </Flex>
          <PromoSavingLine cart={cart} />
          <Flex justify="space-between">
            <Text color="fg.muted">{t('summary.delivery')}</Text>
            <Text fontWeight="medium" data-testid="checkout-shipping" opacity={updating ? 0.5 : 1}>
              {shipping === null
                ? t('summary.choosePlace')
                : shipping === 0
                  ? t('summary.free')
                  : formatKsh(shipping)}
            </Text>
          </Flex>
          <Separator />
          <Flex justify="space-between" align="baseline">
            <Text fontWeight="bold">{t('summary.total')}</Text>
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
                {t('summary.updateCart')}
              </Box>
            </Link>
          </Text>
        ) : null}
        {note ? (
          <Text id={noteId} role="status" fontSize="sm" color="fg.muted" textAlign="center">
            {note}
          </Text>
        ) : null}
        <Button
          type="submit"
          form="checkout-form"
          colorPalette="primary"
          size="lg"
          w="full"
          aria-describedby={note ? noteId : undefined}
          disabled={submitting || updating || offline || Boolean(blocked)}
          loading={submitting}
          loadingText={t('summary.sending')}
        >
          <MdiIcon path={mdiCellphoneCheck} boxSize="5" />
          {placeChosen ? t('summary.payAmount', { amount: formatKsh(total) }) : t('summary.pay')}
        </Button>
        <Text fontSize="xs" color="fg.muted" textAlign="center">
          {t('summary.promptHint')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
