import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useEffect } from 'react';

/**
 * A failed product list or product fetch shows its message in a toast (docs/behaviour.md#error-texts).
 * Once per error object; the id keeps a re-render or StrictMode's second effect from stacking copies.
 */
export function useErrorToast(error: unknown, id: string) {
  useEffect(() => {
    if (error) notify.error(errorMessage(error), { id });
  }, [error, id]);
}
