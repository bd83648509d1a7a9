export { searchQueries } from './api/search-queries';
export { LandingHero } from './components/landing-hero';
export { SearchPage } from './components/search-page';
export { resetSearchText } from './stores/search-text-store';
