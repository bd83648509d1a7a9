export { SaveButton } from './components/save-button';
export { SavedItemsPage } from './components/saved-items-page';
