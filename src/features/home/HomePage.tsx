/** /home: the profile-tips strip, then the featured broadcasters with a way into Discover. */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ADVERT_PAGE } from '../../../protocol/adverts/adverts';
import { userState } from '../../state/user';
import { AdCarousel } from '../adverts/AdCarousel';
import { FeaturedSection } from '../discover/DiscoverPage';
import '../discover/discover.css';
import './home.css';
import { ProfileTips } from './ProfileTips';
import { ScheduleNotice } from './ScheduleNotice';

export function HomePage() {
  const { me } = useSnapshot(userState);
  return (
    <div className="page home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title" className="page-title">
          {me ? `Welcome back, ${me.nickname}` : 'Welcome to Glimmer'}
        </h1>
        <p>Meet broadcasters live, say hello, and book a moment that is just for the two of you.</p>
        <Link to="/masterlist" className="btn btn-primary">
          Go to Discover
        </Link>
      </section>
      {me && <AdCarousel pageId={ADVERT_PAGE.home} />}
      {me && <ProfileTips userid={me.userid} />}
      {me?.role === 'man' && <ScheduleNotice />}
      <FeaturedSection withLink />
    </div>
  );
}
