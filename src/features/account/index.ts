export { loadProfile } from './api/load-profile';
export { ProfilePanel } from './components/profile-panel';
