/** /featuredlist: the featured broadcasters on their own page. */
import { FeaturedSection } from './DiscoverPage';
import './discover.css';

export function FeaturedListPage() {
  return (
    <div className="page discover">
      <h1 className="page-title">Featured broadcasters</h1>
      <FeaturedSection withLink />
    </div>
  );
}
