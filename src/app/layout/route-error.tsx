import { Button, HStack } from '@chakra-ui/react';
import { canReloadForChunkError, isChunkLoadError, reloadOnceForChunkError } from '@/app/chunk-reload';
import { PageFrame } from '@/components/layout/page-frame';
import { PageLoader } from '@/components/layout/page-loader';
import { notify } from '@/lib/notify';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';

const NAVIGATION_ERROR = 'error navigating to page';

/**
 * What a route shows when it fails to load or render. A missing code chunk (a new release went
 * out) reloads the page once; anything else tells the person (docs/behaviour.md#error-texts) and offers a
 * retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // Decided once per error: a reload that is not allowed (one just happened) shows the error instead.
  const reloading = useMemo(() => isChunkLoadError(error) && canReloadForChunkError(), [error]);

  useEffect(() => {
    if (reloading) reloadOnceForChunkError();
    else notify.error(NAVIGATION_ERROR, { id: 'navigation-error' });
  }, [error, reloading]);

  if (reloading) return <PageLoader />;
  return (
    <PageFrame
      title="Something went wrong"
      description="We could not open this page. Check your connection and try again."
    >
      <HStack gap="3">
        <Button
          colorPalette="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Button asChild variant="outline" colorPalette="support">
          <Link to="/">Back to the shop</Link>
        </Button>
      </HStack>
    </PageFrame>
  );
}
