import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Footer } from '@/components/layout/footer';
import { GlobalLoader } from '@/components/layout/global-loader';
import { usePageTitleOverride } from '@/components/layout/page-title';
import { useRipple } from '@/components/ripple';
import { CartSync } from '@/features/cart';
import { useIsSignedIn } from '@/features/session';
import { useDialog, useGlobalLoading } from '@/features/ui';
import { PRODUCT_NAME } from '@contract/constants';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateTitle } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Header } from './header';

// Dialog machinery loads the first time a dialog opens.
const DialogHost = lazy(() => import('./dialog-host').then((m) => ({ default: m.DialogHost })));
// Keeping a signed-in shopper's device and profile in one language needs the profile: its code loads
// with a sign-in, not with a guest's first page.
const LanguageSync = lazy(() => import('@/features/language').then((m) => ({ default: m.LanguageSync })));
// Only a page that lost its connection needs the offline banner (the service worker keeps its chunk).
const OfflineBanner = lazy(() => import('./offline-banner').then((m) => ({ default: m.OfflineBanner })));

export const DEFAULT_TITLE = 'Home';
export const NOT_FOUND_TITLE = 'Page not found';

/** Title and layout flags of the current page: the deepest route that sets one wins. */
function usePageMeta() {
  return useMatches({
    select: (matches) => {
      let title: string | undefined;
      let headerless = false;
      let footerless = false;
      let notFound = false;
      for (const match of matches) {
        const data = match.staticData;
        if (data.title !== undefined) title = data.title;
        if (data.headerless !== undefined) headerless = data.headerless;
        if (data.footerless !== undefined) footerless = data.footerless;
        // `_notFound` marks the route that renders the not-found page for an unknown path.
        if (match.status === 'notFound' || match._notFound) notFound = true;
      }
      return { title: notFound ? NOT_FOUND_TITLE : (title ?? DEFAULT_TITLE), headerless, footerless };
    },
  });
}

/**
 * The loader overlay, while a page loads or a feature says it is busy (a search being sent). It reads
 * both itself, so that the shell around it (header, page, footer: hundreds of Chakra elements) is not
 * drawn again each time a search starts and ends, which was most of a key press's time on a phone.
 */
function ShellLoader() {
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });
  const loading = useGlobalLoading();
  return <GlobalLoader visible={loading || navigating} />;
}

/**
 * The global layout (docs/behaviour.md#header-footer-and-menu): header, page with its fade, footer, loader
 * overlay and dialogs.
 */
export function AppShell() {
  useRipple();
  const meta = usePageMeta();
  const { headerless, footerless } = meta;
  const title = usePageTitleOverride() ?? meta.title;
  // The fade is keyed by the path that is shown, not the one being loaded, so it runs on arrival.
  const shownPath = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
  // Pages *change* with a fade (docs/behaviour.md#every-page); the first page does not fade in. Content
  // painted at opacity 0 is no Largest Contentful Paint for the browser, so a fading first page had none
  // (/search).
  const [firstPath] = useState(shownPath);
  const [moved, setMoved] = useState(false);
  if (!moved && shownPath !== firstPath) setMoved(true);
  const signedIn = useIsSignedIn();
  const offline = !useOnline() && !shownPath.startsWith('/admin');
  const dialogShown = useDialog().show;
  const [dialogWanted, setDialogWanted] = useState(dialogShown);
  if (dialogShown && !dialogWanted) setDialogWanted(true);

  const { t } = useTranslation();
  const shownTitle = translateTitle(t, title);
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${shownTitle}`;
  }, [shownTitle]);

  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>{t('skipToContent')}</SkipNavLink>
      {headerless ? null : <Header />}
      {offline ? (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      ) : null}
      <SkipNavContent />
      <Box as="main" flex="1" key={shownPath} animation={moved ? 'fade-in 250ms ease-out' : undefined}>
        <Outlet />
      </Box>
      {footerless ? null : <Footer />}
      <ShellLoader />
      <CartSync />
      {signedIn ? (
        <Suspense fallback={null}>
          <LanguageSync />
        </Suspense>
      ) : null}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <DialogHost />
        </Suspense>
      ) : null}
    </Flex>
  );
}
