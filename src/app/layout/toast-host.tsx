import { Box } from '@chakra-ui/react';
import { notify, toastIdFromElement, useToasterNeeded } from '@/lib/notify';
import { lazy, Suspense, type CSSProperties, type MouseEvent } from 'react';

// Sonner's styles as a stylesheet of its own chunk, not the <style> it would add at run time, which
// the Content-Security-Policy refuses (vite.config.ts takes that call out of sonner).
const Toaster = lazy(() =>
  Promise.all([import('sonner'), import('sonner/dist/styles.css')]).then(([m]) => ({ default: m.Toaster })),
);

/** Sonner's colour variables pointed at theme tokens, so toasts follow the palette. */
const toastColours = {
  '--normal-bg': 'var(--chakra-colors-bg-panel)',
  '--normal-border': 'var(--chakra-colors-border)',
  '--normal-text': 'var(--chakra-colors-fg)',
  '--success-bg': 'var(--chakra-colors-green-50)',
  '--success-border': 'var(--chakra-colors-green-300)',
  '--success-text': 'var(--chakra-colors-green-800)',
  '--info-bg': 'var(--chakra-colors-info-50)',
  '--info-border': 'var(--chakra-colors-info-300)',
  '--info-text': 'var(--chakra-colors-info-800)',
  '--warning-bg': 'var(--chakra-colors-warning-50)',
  '--warning-border': 'var(--chakra-colors-warning-300)',
  '--warning-text': 'var(--chakra-colors-warning-900)',
  '--error-bg': 'var(--chakra-colors-danger-50)',
  '--error-border': 'var(--chakra-colors-danger-300)',
  '--error-text': 'var(--chakra-colors-danger-800)',
} as CSSProperties;

/**
 * Toasts as docs/behaviour.md#toasts has them: top-right, 5 s, up to 20 visible, newest on top, no progress
 * bar, paused while hovered or while the page is hidden, swipe to dismiss — and closed by a click anywhere on
 * them.
 */
export function ToastHost() {
  const needed = useToasterNeeded();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // Buttons inside a toast (actions, close) do their own thing.
    if (target.closest('button')) return;
    const id = toastIdFromElement(target);
    if (id) notify.dismiss(id);
  };
  if (!needed) return null;
  return (
    <Box onClick={onClick} css={{ '& [data-sonner-toast]': { cursor: 'pointer' } }}>
      <Suspense fallback={null}>
        <Toaster
          position="top-right"
          // Below the sticky header (56 px, 64 px from lg), so toasts never cover the cart or account.
          offset={{ top: 76, right: 16 }}
          mobileOffset={{ top: 64, right: 8, left: 8 }}
          duration={5000}
          visibleToasts={20}
          expand
          richColors
          closeButton={false}
          style={toastColours}
          toastOptions={{ style: { fontFamily: 'inherit' } }}
        />
      </Suspense>
    </Box>
  );
}
