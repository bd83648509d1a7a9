import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/*
 * Whether the admin keeps the desktop sidebar narrow (icons only). A preference, so it survives
 * reloads; the phone drawer's open flag is the ui store's sidebar-visibility flag
 * (docs/behaviour.md#entities).
 */
interface SidebarPreference {
  collapsed: boolean;
}

const useSidebarPreference = create<SidebarPreference>()(
  persist<SidebarPreference>(() => ({ collapsed: false }), { name: 'sokoni.admin.sidebar' }),
);

export const useSidebarCollapsed = () => useSidebarPreference((s) => s.collapsed);
export const toggleSidebarCollapsed = () =>
  useSidebarPreference.setState((s) => ({ collapsed: !s.collapsed }));
/** Back to the default (expanded); for tests. */
export const resetSidebarPreference = () => useSidebarPreference.setState({ collapsed: false });
