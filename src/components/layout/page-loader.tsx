import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown in the page area while a route's code or data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center minH="50vh" role="status">
      <Spinner size="lg" color="primary.solid" />
      <VisuallyHidden>{t('loadingPage')}</VisuallyHidden>
    </Center>
  );
}
