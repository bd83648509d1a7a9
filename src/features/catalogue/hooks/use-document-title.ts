import { PRODUCT_NAME } from '@contract/constants';
import { useEffect } from 'react';

/**
 * Names the page after what it shows (a product, a category). The shell writes the route's static
 * title in its own effect, which runs after this component's effects in the same commit, so the
 * name is written once more on the next task.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const text = `${PRODUCT_NAME} | ${title}`;
    document.title = text;
    const timer = window.setTimeout(() => {
      document.title = text;
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title]);
}
