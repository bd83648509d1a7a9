import { Box, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * The global loading overlay (docs/behaviour.md#header-footer-and-menu). It fades in after a short delay so
 * instant navigations and fast requests do not flash it.
 */
export function GlobalLoader({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      inset="0"
      zIndex="overlay"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="bg/60"
      backdropFilter="blur(1px)"
      opacity="0"
      animation="fade-in 200ms ease-out 150ms forwards"
      data-testid="global-loader"
    >
      <Spinner size="xl" color="primary.solid" borderWidth="4px" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Box>
  );
}
