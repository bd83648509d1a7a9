import { Button, HStack } from '@chakra-ui/react';
import { canReloadForChunkError, isChunkLoadError, reloadOnceForChunkError } from '@/app/chunk-reload';
import { PageFrame } from '@/components/layout/page-frame';
import { PageLoader } from '@/components/layout/page-loader';
import { notify } from '@/lib/notify';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '@/lib/i18n';

/**
 * What a route shows when it fails to load or render. A missing code chunk (a new release went
 * out) reloads the page once; anything else tells the person (docs/behaviour.md#error-texts) and offers a
 * retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  // Decided once per error: a reload that is not allowed (one just happened) shows the error instead.
  const reloading = useMemo(() => isChunkLoadError(error) && canReloadForChunkError(), [error]);

  useEffect(() => {
    if (reloading) reloadOnceForChunkError();
    else notify.error(translate('common:errors.navigation'), { id: 'navigation-error' });
  }, [error, reloading]);

  if (reloading) return <PageLoader />;
  return (
    <PageFrame title={t('errors.somethingWentWrong')} description={t('errors.pageFailed')}>
      <HStack gap="3">
        <Button
          colorPalette="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('tryAgain')}
        </Button>
        <Button asChild variant="outline" colorPalette="support">
          <Link to="/">{t('backToShop')}</Link>
        </Button>
      </HStack>
    </PageFrame>
  );
}
