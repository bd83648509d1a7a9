export {
  closeDialog,
  menuItemsFor,
  openDialog,
  resetUiStore,
  setGlobalLoading,
  setSidebarOpen,
  useDialog,
  useGlobalLoading,
  useMenus,
  useSidebarOpen,
} from './stores/ui-store';
