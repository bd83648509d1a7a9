import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  closeDialog,
  menuItemsFor,
  openDialog,
  setGlobalLoading,
  toggleSidebar,
  useDialog,
  useGlobalLoading,
  useMenus,
  useSidebarOpen,
} from './ui-store';

describe('the UI state', () => {
  it('offers Home and More to guests, and Orders and Saved Items once signed in', () => {
    const { result } = renderHook(() => useMenus());
    const enabled = (signedIn: boolean) =>
      menuItemsFor(result.current, signedIn)
        .filter((m) => m.enabled)
        .map((m) => [m.name, m.path]);

    expect(enabled(false)).toEqual([
      ['Home', '/'],
      ['More', '/more'],
    ]);
    expect(enabled(true)).toEqual([
      ['Home', '/'],
      ['Orders', '/account/orders'],
      ['Saved Items', '/saved-items'],
      ['More', '/more'],
    ]);
    expect(menuItemsFor(result.current, true).every((m) => m.icon.startsWith('M'))).toBe(true);
  });

  it('holds the sidebar, the loading flag and the dialog', () => {
    const sidebar = renderHook(() => useSidebarOpen());
    const loading = renderHook(() => useGlobalLoading());
    const dialog = renderHook(() => useDialog());

    act(() => toggleSidebar());
    expect(sidebar.result.current).toBe(true);
    act(() => setGlobalLoading(true));
    expect(loading.result.current).toBe(true);
    act(() => openDialog({ title: 'Add new Category', content: 'form' }));
    expect(dialog.result.current).toEqual({ show: true, title: 'Add new Category', content: 'form' });
    act(() => closeDialog());
    expect(dialog.result.current.show).toBe(false);
  });
});
