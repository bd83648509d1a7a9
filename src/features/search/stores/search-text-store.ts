import { create } from 'zustand';

/**
 * What is in the search box. It outlives the landing page's box, which hands over whatever was
 * typed into it while the search page loaded, and the search page's first render (the layout
 * mounts a page again once its navigation settles). Not persisted; the search route resets it when
 * the shopper leaves (docs/behaviour.md#search), and the address (`?q=`) brings the settled query back.
 */
const useSearchTextStore = create<{ text: string }>()(() => ({ text: '' }));

export const useSearchText = () => useSearchTextStore((s) => s.text);
export const setSearchText = (text: string) => useSearchTextStore.setState({ text });
export const resetSearchText = () => useSearchTextStore.setState({ text: '' });
/**
 * Arriving at `/search?q=…` (a reload, Back, a shared link) puts the query back in the box, unless
 * the landing page has just handed over what the shopper typed.
 */
export const restoreSearchText = (q: string | undefined) => {
  if (q && !useSearchTextStore.getState().text) useSearchTextStore.setState({ text: q });
};
