import { HStack, Text } from '@chakra-ui/react';
import { MdiIcon } from '../mdi-icon';
import { shopInfo } from '@/lib/shop-info';
import { mdiBasketOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The shop's name as a link home. */
export function BrandLogo() {
  const { t } = useTranslation();
  return (
    <Link to="/" aria-label={t('brandHome', { name: shopInfo.name })}>
      {/* The brand's own pink (docs/behaviour.md#theme): at 24 px extra-bold it is large text, which
          needs 3:1 (it has 4.15:1 on white); the buttons' primary.solid is a step darker for their
          smaller white text. */}
      <HStack gap="1.5" color="primary.500">
        <MdiIcon path={mdiBasketOutline} boxSize="7" />
        <Text as="span" fontSize="2xl" fontWeight="extrabold" letterSpacing="tight">
          {shopInfo.name}
        </Text>
      </HStack>
    </Link>
  );
}
