import { setGlobalLoading } from '@/features/ui';
import { notify } from '@/lib/notify';
import { useEffect, useRef } from 'react';
import { searchErrorMessage } from '../model/search-error';

/**
 * The global loader is on while a search runs and off when it ends, fails or the page goes
 * (docs/behaviour.md#search).
 */
export function useSearchLoader(searching: boolean) {
  useEffect(() => {
    if (!searching) return;
    setGlobalLoading(true);
    return () => setGlobalLoading(false);
  }, [searching]);
}

/**
 * One toast per failed search, worded by {@link searchErrorMessage} (docs/behaviour.md#error-texts);
 * none for a search that failed while `quiet` (offline, where the page says so itself).
 */
export function useSearchErrorToast(error: unknown, errorUpdatedAt: number, quiet = false) {
  const shownFor = useRef(0);
  useEffect(() => {
    if (!error || shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    if (!quiet) notify.error(searchErrorMessage(error));
  }, [error, errorUpdatedAt, quiet]);
}
