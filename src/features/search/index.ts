export { searchQueries } from './api/search-queries';
export { LandingHero } from './components/landing-hero';
export { SearchPage } from './components/search-page';
export { parseSearchPageSearch,  } from './model/search-term';
export { resetSearchText, restoreSearchText } from './stores/search-text-store';
