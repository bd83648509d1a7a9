import { useEffect } from 'react';
import { create } from 'zustand';

/** A title a page sets from its data (a product's name), over its route's static title. */
const usePageTitleStore = create<{ title: string | undefined }>(() => ({ title: undefined }));

/** The title the current page asked for, if any (read by the app shell). */
export const usePageTitleOverride = () => usePageTitleStore((s) => s.title);

/** Names the page after what it shows; the route's static title returns when the page goes. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    usePageTitleStore.setState({ title });
    return () => usePageTitleStore.setState({ title: undefined });
  }, [title]);
}
