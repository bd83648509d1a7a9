import { page } from '@/lib/page';

const STORAGE_KEY = 'sokoni.chunk-reload-at';
// A second failure this soon after a reload means reloading does not help; stop and show the error.
const LOOP_WINDOW_MS = 30_000;

const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/** A lazy page's code could not be fetched: usually a new release replaced the old chunk files. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERNS.some((p) => error.message.includes(p));
}

/** Whether a reload is still allowed, i.e. the last one was not moments ago. Reads only. */
export function canReloadForChunkError(now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(STORAGE_KEY) ?? 0);
    return !(last && now - last < LOOP_WINDOW_MS);
  } catch {
    // No session storage means no loop guard; better to show the error than to risk a loop.
    return false;
  }
}

/**
 * A failed lazy page load triggers a full page reload, once (docs/behaviour.md#error-texts). Answers whether
 * it reloaded.
 */
export function reloadOnceForChunkError(now: number = Date.now()): boolean {
  if (!canReloadForChunkError(now)) return false;
  try {
    sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  page.reload();
  return true;
}

/** Vite reports failed preloads of a lazy chunk's dependencies with this event. */
export function installChunkReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
