export { AdminLayout } from './components/admin-layout';
export { RecordPage, RecordSection } from './components/record-page';
export { permitted } from './permitted';
export { useCan, usePermitted } from './use-can';
