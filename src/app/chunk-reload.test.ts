import { page } from '@/lib/page';
import { describe, expect, it } from 'vitest';
import { installChunkReload, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

describe('reloading after a failed lazy page load', () => {
  it('recognises the browsers’ chunk errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/cart-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Product was not found.'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then gives up instead of looping', () => {
    const t0 = 1_700_000_000_000;
    expect(reloadOnceForChunkError(t0)).toBe(true);
    expect(reloadOnceForChunkError(t0 + 5_000)).toBe(false);
    expect(page.reload).toHaveBeenCalledTimes(1);
    // A later release, long after, may reload again.
    expect(reloadOnceForChunkError(t0 + 120_000)).toBe(true);
    expect(page.reload).toHaveBeenCalledTimes(2);
  });

  it("reacts to Vite's preload errors", () => {
    const uninstall = installChunkReload();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    uninstall();
  });
});
