import { create } from 'zustand';

/**
 * What is in the search box. It outlives the landing page's box, which hands over whatever was
 * typed into it while the search page loaded, and the search page's first render (the layout
 * mounts a page again once its navigation settles). Not persisted; the search route resets it when
 * the shopper leaves (spec §4).
 */
const useSearchTextStore = create<{ text: string }>()(() => ({ text: '' }));

export const useSearchText = () => useSearchTextStore((s) => s.text);
export const setSearchText = (text: string) => useSearchTextStore.setState({ text });
export const resetSearchText = () => useSearchTextStore.setState({ text: '' });
