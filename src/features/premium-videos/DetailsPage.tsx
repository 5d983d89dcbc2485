/**
 * /premiumvideodetails?anchorid&video_id: one premium video. Before purchase its cover, description
 * and price with "Watch for N credits" (a confirmation first); once bought the player (byte ranges:
 * seeking works) for good. A video that does not exist or was deleted goes to /videodoesnotexist.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import { imageSrcSet } from '../../../protocol/images';
import {
  PremiumErrno,
  PremiumMessages,
  type PremiumVideo,
} from '../../../protocol/premium-videos/premium-videos';
import { ApiError } from '../../api/client';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { setPageMeta } from '../../app/layout/RouteMeta';
import { useMoneyLabel, usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import { memberPrivOf, userState } from '../../state/user';
import { VideoPlayer } from '../media-viewer';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { buyVideo, getVideoDetail } from './api';
import { InterestToggle } from './InterestToggle';
import { durationText, isGone } from './rules';
import './premium-videos.css';

export function PremiumVideoDetailsPage() {
  const search = useSearch({ strict: false }) as { anchorid?: unknown; video_id?: unknown };
  const videoId = search.video_id === undefined ? '' : String(search.video_id);
  const navigate = useNavigate();
  const [state, retry] = useRequest(
    () => (videoId ? getVideoDetail(videoId) : new Promise<never>(() => {})),
    videoId,
  );
  // The server said the video is gone (or its id cannot be one): the spec's page for it.
  const gone = state.status === 'error' && (isGone(state.errno) || state.errno === Errno.INVALID_PARAMS);

  useEffect(() => {
    if (gone && videoId) void navigate({ to: '/videodoesnotexist', replace: true });
  }, [gone, videoId, navigate]);

  // An address without a video names none: said here, with nothing to ask the server.
  if (!videoId) return <VideoDoesNotExistPage />;
  if (gone) return null;
  return (
    <div className="page pv-page pv-details-page">
      <p className="pv-back">
        <Link to="/premiumVideo/premiumVideoList">← All premium videos</Link>
      </p>
      {state.status === 'loading' && <DetailsSkeleton />}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && <Details key={state.data.video_id} initial={state.data} />}
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="pv-details" aria-busy="true">
      <div className="pv-stage skeleton" />
      <div className="pv-info">
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    </div>
  );
}

type Failure = { message: string; addCredits: boolean };

function Details({ initial }: { initial: PremiumVideo }) {
  const [video, setVideo] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState('');
  const { me } = useSnapshot(userState);
  const mayBuy = memberPrivOf(me).premium_video === 1;
  const price = useMoneyLabel(video.price);
  const confirm = usePaymentConfirm();
  const bought = video.is_bought === 1 && video.video_url !== '';

  useEffect(() => {
    setPageMeta(`${video.title} · Premium video`, video.description || video.title);
  }, [video.title, video.description]);

  const watch = async () => {
    setFailure(null);
    const yes = await confirm.ask({
      title: 'Premium video',
      what: (
        <>
          Watch for {price}? <strong>{video.title}</strong> by {video.anchor_nickname} is then yours to replay
          as often as you like.
        </>
      ),
      amount: video.price,
      confirmLabel: 'Watch',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const answer = await buyVideo(video.video_id);
      balancesState.credit = answer.credit;
      setVideo(answer.video);
      setDone(PremiumMessages.bought);
    } catch (e) {
      const errno = e instanceof ApiError ? e.errno : -1;
      setFailure({ message: errorText(e), addCredits: errno === PremiumErrno.NO_CREDIT });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="pv-details" data-testid="pv-details" data-bought={bought ? 1 : 0}>
      <div className="pv-stage">
        {bought ? (
          // The browser's controls alone: the stage has no room for a second bar under them.
          <VideoPlayer
            src={video.video_url}
            poster={video.cover_url_png}
            label={video.title}
            canWatch
            ownBar={false}
          />
        ) : (
          <div className="pv-locked">
            <img
              src={video.cover_url_png}
              srcSet={imageSrcSet(video.cover_url_png)}
              sizes="(max-width: 640px) 100vw, 640px"
              alt={`Cover of ${video.title}`}
              width={640}
              height={360}
            />
            <span className="pv-duration">{durationText(video.duration)}</span>
            {mayBuy && (
              // The cover answers a tap like the Watch button does (which keyboards and readers use).
              <button type="button" className="pv-unlock" tabIndex={-1} aria-hidden="true" onClick={watch}>
                <span className="pv-unlock-label">Unlock to watch · {price}</span>
              </button>
            )}
          </div>
        )}
      </div>
      <div className="pv-info">
        <h1 className="page-title pv-details-title">{video.title}</h1>
        <p className="pv-anchor">
          <img src={video.anchor_avatar_img} alt="" width={32} height={32} />
          <Link to="/anchor/$id" params={{ id: video.anchor_id }}>
            {video.anchor_nickname}, {video.anchor_age}
          </Link>
          {video.online_status === ONLINE_STATUS_ONLINE && (
            <span className="badge badge-dot badge-online pv-online">Online</span>
          )}
        </p>
        {video.description && <p className="pv-description">{video.description}</p>}
        <p className="muted">Length {durationText(video.duration)}</p>
        {video.is_deleted === 1 && (
          <p className="muted">
            The broadcaster has removed this video; you keep it because you unlocked it.
          </p>
        )}
        <div className="pv-actions">
          {bought ? (
            <p className="pv-owned" data-testid="pv-owned">
              {done || 'Unlocked: watch it as often as you like.'}
            </p>
          ) : mayBuy ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={watch}
              disabled={busy}
              aria-busy={busy}
              data-testid="pv-watch"
            >
              Watch for <span data-testid="pv-price">{price}</span>
            </button>
          ) : (
            <p className="pv-no-priv" data-testid="pv-no-priv">
              {PremiumMessages.noPrivilege} You can still browse them and mark the ones you like.
            </p>
          )}
          {video.is_deleted === 0 && (
            <InterestToggle
              videoId={video.video_id}
              title={video.title}
              initial={video.is_interested === 1}
            />
          )}
        </div>
        {failure && (
          <p role="alert" className="form-error pv-failure" data-testid="pv-failure">
            {failure.message} {failure.addCredits && <AddCreditsLink clickFrom={ClickFrom.default} />}
          </p>
        )}
      </div>
      {confirm.dialog}
    </article>
  );
}

export function VideoDoesNotExistPage() {
  return (
    <div className="page pv-page">
      <div className="empty-state pv-gone" data-testid="video-does-not-exist">
        <h1 className="page-title">Video not available</h1>
        <p>{PremiumMessages.notFound}</p>
        <p>
          <Link to="/premiumVideo/premiumVideoList" className="btn btn-primary">
            Browse premium videos
          </Link>
        </p>
      </div>
    </div>
  );
}
