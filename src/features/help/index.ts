export { MorePage } from './components/more-page';
