import { Alert, Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRedirectSearch } from '../stores/auth-flow-store';

/** A code or link that can no longer be used (used, expired, unknown): the way back to the start. */
export function LinkDeadEnd({ title }: { title?: string }) {
  const { t } = useTranslation('auth');
  const redirectSearch = useRedirectSearch();
  return (
    <>
      <Alert.Root status="warning" mt="2">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title ?? t('deadEnd.title')}</Alert.Title>
          <Alert.Description>{t('deadEnd.description')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="primary" size="lg" mt="2">
        <Link to="/auth" search={redirectSearch}>
          {t('deadEnd.startAgain')}
        </Link>
      </Button>
    </>
  );
}
