/** One premium video in a list: its cover and length, title, broadcaster, price and interest mark. */
import { Link } from '@tanstack/react-router';
import { ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import { imageSrcSet } from '../../../protocol/images';
import type { PremiumVideo } from '../../../protocol/premium-videos/premium-videos';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { InterestToggle } from './InterestToggle';
import { durationLabel, durationText } from './rules';

export function VideoCard({ video, showAnchor = true }: { video: PremiumVideo; showAnchor?: boolean }) {
  const price = useMoneyLabel(video.price);
  const search = { anchorid: video.anchor_id, video_id: video.video_id };
  return (
    <article className="pv-card card" data-testid="premium-video" data-video-id={video.video_id}>
      <Link to="/premiumvideodetails" search={search} className="pv-cover" tabIndex={-1} aria-hidden="true">
        <img
          src={video.cover_url_png}
          srcSet={imageSrcSet(video.cover_url_png)}
          sizes="320px"
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
        />
        <span className="pv-duration">{durationText(video.duration)}</span>
        {video.is_bought === 1 && <span className="badge pv-unlocked">Unlocked</span>}
      </Link>
      <div className="pv-body">
        <h3 className="pv-title">
          <Link to="/premiumvideodetails" search={search}>
            {video.title}
          </Link>
        </h3>
        <span className="visually-hidden">{durationLabel(video.duration)}</span>
        {showAnchor && (
          <p className="pv-anchor">
            <img src={video.anchor_avatar_img} alt="" width={24} height={24} loading="lazy" />
            <span>
              {video.anchor_nickname}, {video.anchor_age}
            </span>
            {video.online_status === ONLINE_STATUS_ONLINE && (
              <span className="badge badge-dot badge-online pv-online">Online</span>
            )}
          </p>
        )}
        <div className="pv-meta">
          <span className="pv-price">{video.is_bought === 1 ? 'Yours to watch' : price}</span>
          <InterestToggle videoId={video.video_id} title={video.title} initial={video.is_interested === 1} />
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while the list loads. */
export function VideoCardSkeleton() {
  return (
    <div className="pv-card card" aria-hidden="true">
      <div className="pv-cover skeleton" />
      <div className="pv-body">
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    </div>
  );
}
