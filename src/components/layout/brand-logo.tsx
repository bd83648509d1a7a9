import { HStack, Text } from '@chakra-ui/react';
import { MdiIcon } from '../mdi-icon';
import { shopInfo } from '@/lib/shop-info';
import { mdiBasketOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';

/** The shop's name as a link home. */
export function BrandLogo() {
  return (
    <Link to="/" aria-label={`${shopInfo.name} home`}>
      <HStack gap="1.5" color="primary.solid">
        <MdiIcon path={mdiBasketOutline} boxSize="7" />
        <Text as="span" fontSize="2xl" fontWeight="extrabold" letterSpacing="tight">
          {shopInfo.name}
        </Text>
      </HStack>
    </Link>
  );
}
