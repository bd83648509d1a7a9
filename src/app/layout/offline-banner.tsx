import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * "You're offline — showing what you last saw": under the header while the connection is lost; the
 * pages, prices and cart shown are the ones kept from the last visit (docs/architecture.md, Offline).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      bg="warning.subtle"
      color="fg"
      px="4"
      py="2"
      textAlign="center"
      fontSize="sm"
      fontWeight="medium"
      data-testid="offline-banner"
    >
      {t('offline.banner')}
    </Box>
  );
}
