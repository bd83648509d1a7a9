export { AdminLayout } from './components/admin-layout';
export { permitted } from './permitted';
export { useCan, usePermitted } from './use-can';
