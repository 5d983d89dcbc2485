/**
 * An ad pop-up (retrieveAdvert, spec 002 §2 "Pop-up orchestration"): for a member, when the advert
 * is on and new to him, it waits for no other dialog (and for nothing holding pop-ups off: a room,
 * a payment, what he is writing), then opens and tells the server, so he never sees it again. The
 * featured ad (`startup`) also takes the session's one start-up turn ('featuredAd'); the page ads
 * (premium videos, chat minutes) open on their page only.
 */
import { Link } from '@tanstack/react-router';
import { type AdvertPop, AdvertTexts } from '../../../protocol/adverts/adverts';
import { Modal } from '../../app/popups/Modal';
import { useServerPop } from '../../app/popups/use-server-pop';

import { markAdvertShown, retrieveAdvert } from './api';
import './adverts.css';

interface AdPopProps {
  id: string;
  /** The featured ad: it takes the session's start-up turn. */
  startup?: boolean;
  /** extrData's anchor_id: she fills a link that names her. */
  anchorId?: string;
  /**
   * What it waits for. By default a dialog or a page holding pop-ups off; a page that holds them for
   * a room or a chat offers `dialogOpen` where none is under way (the live-chat list).
   */
  held?: () => boolean;
}

export function AdPop({ id, startup = false, anchorId, held }: AdPopProps) {
  const [pop, close] = useServerPop<AdvertPop | undefined>(
    {
      kind: startup ? 'featuredAd' : undefined,
      load: () => retrieveAdvert([id], anchorId).then(([answer]) => answer),
      due: (answer) => answer?.status === 1 && !!answer.matters,
      markShown: () => markAdvertShown(id),
      held,
    },
    [id, startup, anchorId, held],
  );

  if (!pop?.matters) return null;
  const { matters } = pop;
  const inside = pop.url_type === 1;
  return (
    <Modal
      title={matters.title}
      testId="ad-pop"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {AdvertTexts.popClose}
          </button>
          {inside ? (
            <Link to={pop.url} className="btn btn-primary" onClick={close} data-testid="ad-pop-open">
              {AdvertTexts.popOpen}
            </Link>
          ) : (
            <a
              href={pop.url}
              className="btn btn-primary"
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              data-testid="ad-pop-open"
            >
              {AdvertTexts.popOpen}
            </a>
          )}
        </>
      }
    >
      <img
        className="ad-pop-image"
        src={matters.img}
        alt={matters.alt}
        width={matters.width}
        height={matters.height}
        data-advert={pop.adpid}
      />
    </Modal>
  );
}
