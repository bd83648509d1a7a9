export { AdminLayout } from './components/admin-layout';
export { permitted } from './permitted';
export { useCan } from './use-can';
