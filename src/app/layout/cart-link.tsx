import { Box, Float, IconButton, Circle } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useCartCount } from '@/features/cart';
import { useIsAdmin } from '@/features/session';
import { mdiCartOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The cart link with its item count badge; admins have no cart (docs/behaviour.md#roles), so none for them.
 */
export function CartLink() {
  const { t } = useTranslation();
  const count = useCartCount();
  const admin = useIsAdmin();
  if (admin) return null;
  const label = t('cartLink', { count });
  return (
    <Box position="relative">
      <IconButton asChild aria-label={label} variant="ghost" colorPalette="support" size="lg" rounded="full">
        <Link to="/cart">
          <MdiIcon path={mdiCartOutline} boxSize="6" />
        </Link>
      </IconButton>
      <Float placement="top-end" offset="2" pointerEvents="none">
        <Circle
          size="5"
          bg="primary.solid"
          color="primary.contrast"
          fontSize="xs"
          fontWeight="bold"
          aria-hidden="true"
          data-testid="cart-count"
        >
          {count > 99 ? '99+' : count}
        </Circle>
      </Float>
    </Box>
  );
}
