export { AdminLayout } from './components/admin-layout';
export { resetSidebarPreference } from './stores/sidebar-store';
