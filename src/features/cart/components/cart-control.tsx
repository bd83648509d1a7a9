import { Box, Button, HStack, IconButton, VisuallyHidden } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { cardVariant, isInStock, type ProductView } from '@/features/catalogue';
import type { Variant } from '@contract/catalogue';
import { mdiCartPlus, mdiMinus, mdiPlus } from '@mdi/js';
import { nextPaint } from '@/lib/after-next-paint';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartActions, useCartItem, useCartMode, type CartLineRef } from '../hooks/use-cart';

type Size = 'md' | 'lg';

/** How long a change may take before its button shows it is busy. */
const BUSY_AFTER_MS = 150;

/**
 * Runs one change at a time and says when it is taking a while. A guest's change is made in the browser
 * at once: marking the button busy first would draw the control twice in the tap's frame (the busy
 * state, then the result), which a cheap phone feels (Interaction to Next Paint, docs/design.md#budgets).
 * So the busy state only shows when the change is still running after {@link BUSY_AFTER_MS}, as a
 * signed-in shopper's request may be; presses while one runs are ignored either way.
 */
function useChange(): [busy: boolean, run: (change: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (change: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    const slow = setTimeout(() => setBusy(true), BUSY_AFTER_MS);
    try {
      // The press's ripple is painted first; the change, which redraws the card, the header's count
      // and more, runs in a task of its own.
      await nextPaint();
      await change();
    } finally {
      clearTimeout(slow);
      running.current = false;
      setBusy(false);
    }
  };
  return [busy, run];
}

export interface QuantityStepperProps {
  /** The line; with its stock when the caller knows it (the cart page), else it is looked up. */
  item: CartLineRef & { stock?: number };
  /** Names the buttons ("Increase quantity of Sukuma wiki"). */
  name: string;
  size?: Size;
}

/** − quantity + for a line in the cart; − at one removes it, + stops at the stock. */
export function QuantityStepper({ item, name, size = 'md' }: QuantityStepperProps) {
  const { t } = useTranslation('cart');
  const { increase, decrease } = useCartActions();
  const [busy, run] = useChange();
  return (
    <HStack
      role="group"
      aria-label={t('stepper.group', { name })}
      gap="0"
      w="full"
      h={size === 'lg' ? '12' : '10'}
      borderWidth="1px"
      borderColor="primary.solid"
      rounded="l2"
      overflow="hidden"
    >
      <IconButton
        aria-label={t(item.quantity === 1 ? 'stepper.remove' : 'stepper.decrease', { name })}
        variant="ghost"
        colorPalette="primary"
        rounded="none"
        h="full"
        onClick={() => decrease(item)}
      >
        <MdiIcon path={mdiMinus} boxSize="5" />
      </IconButton>
      <Box
        as="output"
        aria-live="polite"
        flex="1"
        textAlign="center"
        fontWeight="bold"
        fontSize={size === 'lg' ? 'lg' : 'md'}
      >
        {item.quantity}
        <VisuallyHidden> {t('stepper.inCart')}</VisuallyHidden>
      </Box>
      <IconButton
        aria-label={t('stepper.increase', { name })}
        variant="ghost"
        colorPalette="primary"
        rounded="none"
        h="full"
        aria-busy={busy}
        onClick={() => void run(() => increase(item))}
      >
        <MdiIcon path={mdiPlus} boxSize="5" />
      </IconButton>
    </HStack>
  );
}

export interface CartControlProps {
  product: ProductView;
  /** The variant to add; the card's (first) one when omitted. */
  variant?: Variant;
  size?: Size;
}

/**
 * 'Add to Cart', which becomes minus, quantity and plus once the variant is in the cart
 * (docs/behaviour.md#product-card).
 * Out-of-stock variants cannot be added.
 */
export function CartControl({ product, variant = cardVariant(product), size = 'md' }: CartControlProps) {
  const { t } = useTranslation('cart');
  const item = useCartItem(product.productId, variant?.variantId);
  const { add } = useCartActions();
  const mode = useCartMode();
  const [adding, run] = useChange();
  // Admins have no cart (docs/behaviour.md#roles).
  if (mode === 'none') return null;
  if (item) return <QuantityStepper item={item} name={product.name} size={size} />;

  const onAdd = () => (variant ? run(() => add(product.productId, variant.variantId)) : undefined);
  return (
    <Button
      w="full"
      size={size}
      h={size === 'lg' ? '12' : '10'}
      colorPalette="primary"
      disabled={!variant || !isInStock(variant)}
      loading={adding}
      onClick={() => void onAdd()}
    >
      <MdiIcon path={mdiCartPlus} boxSize="5" />
      {t('addToCart')}
    </Button>
  );
}
