import { mdiDotsHorizontalCircleOutline, mdiHeartOutline, mdiHomeOutline, mdiReceiptTextOutline } from '@mdi/js';
import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * A navigation entry (docs/behaviour.md#entities): `enabled` says whether it is offered to the current
 * visitor.
 */
export interface MenuItem {
  name: string;
  path: string;
  /** An @mdi/js path. */
  icon: string;
  enabled: boolean;
}

/** A menu entry as configured: who may see it decides `enabled`. */
export interface MenuEntry extends Omit<MenuItem, 'enabled'> {
  audience: 'everyone' | 'signed-in';
}

export interface DialogState {
  show: boolean;
  title?: ReactNode;
  content?: ReactNode;
  /** Wider dialogs for forms and tables. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

interface UiState {
  menus: MenuEntry[];
  sidebarOpen: boolean;
  loading: boolean;
  dialog: DialogState;
}

/** Home, Orders and Saved Items (signed in only), More (always): docs/behaviour.md#header-footer-and-menu. */
const defaultMenus: MenuEntry[] = [
  { name: 'Home', path: '/', icon: mdiHomeOutline, audience: 'everyone' },
  { name: 'Orders', path: '/account/orders', icon: mdiReceiptTextOutline, audience: 'signed-in' },
  { name: 'Saved Items', path: '/saved-items', icon: mdiHeartOutline, audience: 'signed-in' },
  { name: 'More', path: '/more', icon: mdiDotsHorizontalCircleOutline, audience: 'everyone' },
];

const closedDialog: DialogState = { show: false };

const useUiStore = create<UiState>()(() => ({
  menus: defaultMenus,
  sidebarOpen: false,
  loading: false,
  dialog: closedDialog,
}));

/** The menu as the current visitor sees it. */
export function menuItemsFor(menus: MenuEntry[], signedIn: boolean): MenuItem[] {
  return menus.map(({ audience, ...item }) => ({ ...item, enabled: audience === 'everyone' || signedIn }));
}

export const useMenus = () => useUiStore((s) => s.menus);
export const useSidebarOpen = () => useUiStore((s) => s.sidebarOpen);
export const useGlobalLoading = () => useUiStore((s) => s.loading);
export const useDialog = () => useUiStore((s) => s.dialog);

export const setSidebarOpen = (open: boolean) => useUiStore.setState({ sidebarOpen: open });
export const toggleSidebar = () => useUiStore.setState((s) => ({ sidebarOpen: !s.sidebarOpen }));
/** The global loading overlay (on during a search, off when it ends or fails: docs/behaviour.md#search). */
export const setGlobalLoading = (loading: boolean) => useUiStore.setState({ loading });
export const openDialog = (dialog: Omit<DialogState, 'show'>) => useUiStore.setState({ dialog: { ...dialog, show: true } });
export const closeDialog = () => useUiStore.setState({ dialog: closedDialog });
/** Restores the initial state; for tests. */
export const resetUiStore = () =>
  useUiStore.setState({ menus: defaultMenus, sidebarOpen: false, loading: false, dialog: closedDialog });
