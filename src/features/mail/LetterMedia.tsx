/** A letter's photos and videos: a tile per item (locked with its price, unlocked, expired) and the viewer. */
import { imageSrcSet } from '../../../protocol/images';
import { type LetterMedia, MEDIA_STATUS, PHOTO_PRICE, VIDEO_PRICE } from '../../../protocol/mail/mail';
import { Modal } from '../../app/popups/Modal';
import { VideoPlayer } from '../media-viewer/VideoPlayer';
import { payLabel } from './rules';

export function MediaTile({
  item,
  poststamp,
  busy,
  onBuy,
  onOpen,
}: {
  item: LetterMedia;
  poststamp: number;
  busy: boolean;
  onBuy: () => void;
  onOpen: () => void;
}) {
  const video = item.type === 1;
  const price = video ? VIDEO_PRICE : PHOTO_PRICE;
  const what = video ? 'video' : 'photo';
  return (
    <li className="media-tile" data-testid={`media-${item.resource_id}`} data-status={item.status}>
      {item.status === MEDIA_STATUS.unlocked ? (
        <button type="button" className="media-open" onClick={onOpen} aria-label={`Open ${what}`}>
          <img
            src={video ? item.cover_origin_img : item.origin_img}
            srcSet={video ? undefined : imageSrcSet(item.origin_img)}
            sizes="160px"
            alt={item.describe || what}
            width={160}
            height={120}
            loading="lazy"
          />
          {video && (
            <span className="media-play" aria-hidden="true">
              ▶
            </span>
          )}
        </button>
      ) : (
        <img src={item.small_img} alt={`Private ${what}`} width={160} height={120} loading="lazy" />
      )}
      {item.describe && <span className="media-caption">{item.describe}</span>}
      {item.status === MEDIA_STATUS.locked && (
        <button type="button" className="btn btn-small btn-primary media-buy" disabled={busy} onClick={onBuy}>
          {video ? 'Watch' : 'View'} for {payLabel(price, poststamp)}
        </button>
      )}
      {item.status === MEDIA_STATUS.expired && (
        <span className="media-expired">{video ? 'Video expired' : 'Photo expired'}</span>
      )}
    </li>
  );
}

export function MediaViewer({ item, onClose }: { item: LetterMedia; onClose: () => void }) {
  const close = (
    <button type="button" className="btn btn-ghost" onClick={onClose}>
      Close
    </button>
  );
  if (item.type === 1) {
    // The shared player: loading, playing, ended with Replay (which takes the focus), Try again on failure.
    return (
      <Modal title="Video" testId="video-player" onClose={onClose} actions={close}>
        <VideoPlayer
          src={item.video_url}
          poster={item.cover_origin_img}
          label={item.describe || 'Video'}
          canWatch
        />
      </Modal>
    );
  }
  return (
    <Modal title="Photo" testId="picture-viewer" onClose={onClose} actions={close}>
      <img
        className="picture-viewer-img"
        src={item.origin_img}
        srcSet={imageSrcSet(item.origin_img)}
        sizes="(max-width: 800px) 100vw, 800px"
        alt={item.describe || 'Photo'}
      />
    </Modal>
  );
}
