import '@testing-library/jest-dom/vitest';
import { resetMockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { syncSessionFromStorage } from '@/features/session';
import { resetUiStore } from '@/features/ui';
import { LANGUAGE_COOKIE } from '@contract/languages';
import { adoptCatalogue, currentLanguage } from '@/lib/i18n';
import { page } from '@/lib/page';
import en from '@/locales/en';
import { staticMediaQueryList } from '@/test/media';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

/**
 * Shared set-up of the `web` project. Files that opt into `@vitest-environment node` (mock handler
 * tests with their own MSW server) get only the matchers: there is no DOM to prepare, and a second
 * MSW server would fight theirs over `fetch`.
 */
const hasDom = typeof window !== 'undefined';

// A screen's first visit loads its code-split route chunk, transformed on demand under Vitest, and
// the first toast loads sonner: on a loaded two-core CI machine either can take several seconds.
// One generous wait for every file (the web project shares its module graph, so a per-file value
// would leak into the next file anyway); the per-test timeouts stay above it.
configure({ asyncUtilTimeout: 10_000 });

// Components render in English, the default language, as a first visit does.
adoptCatalogue('en', en);

if (hasDom) {
  // jsdom lacks these browser APIs; Chakra (zag), sonner and the router call them.
  window.matchMedia ??= (query: string) => staticMediaQueryList(query);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  // Sonner captures the pointer to let people swipe toasts away.
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;

  beforeAll(() => {
    // Test files share one module graph (the project runs without isolation, for speed): each file
    // starts from the mock database as seeded, whatever the file before it did.
    resetMockDb();
    server.listen({ onUnhandledRequest: 'error' });
  });

  beforeEach(() => {
    // jsdom cannot reload; tests assert on the spy instead.
    vi.spyOn(page, 'reload').mockImplementation(() => {});
  });

  afterEach(async () => {
    // Sonner keeps toasts in module state and replays them to the next Toaster; start each test clean.
    // Toasts wait for the next paint (src/lib/notify.ts): let those a test raised last arrive first.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    (await import('sonner')).toast.dismiss();
    // The web project does not enable Vitest globals, so Testing Library cannot register this itself.
    cleanup();
    // A test that switched to Kiswahili leaves the next one in English, with no choice kept.
    if (currentLanguage() !== 'en') adoptCatalogue('en', en);
    document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
    document.documentElement.lang = 'en-KE';
    server.resetHandlers();
    localStorage.clear();
    sessionStorage.clear();
    syncSessionFromStorage();
    resetUiStore();
    vi.restoreAllMocks();
  });

  afterAll(() => server.close());
}
