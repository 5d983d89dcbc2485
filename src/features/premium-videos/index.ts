/** Premium video pages (one chunk, loaded with their routes). */
export { PremiumVideoDetailsPage, VideoDoesNotExistPage } from './DetailsPage';
export { PremiumVideoAUListPage, PremiumVideoListPage } from './ListPages';
