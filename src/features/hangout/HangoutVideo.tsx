/**
 * One camera of a hang-out (a broadcaster's, or the member's for the broadcasters): a viewer
 * connection to it through the SFU, closed when the tile goes.
 */
import { useEffect, useState } from 'react';
import type { HangoutAnchor } from '../../../protocol/hangouts/hangout';
import { errorText } from '../../api/use-request';
import { useStreamVideo } from '../live/camera';
import { receive } from '../live/rtc';
import { answerHangout, watchHangout } from './api';

export const cameraOwner = (anchor: HangoutAnchor) => ({ id: anchor.anchor_id, nickname: anchor.nickname });

export function HangoutVideo({
  roomId,
  owner,
  label,
}: {
  roomId: string;
  /** Whose camera: a broadcaster's anchor_id or the member's user_id, and the name to show. */
  owner: { id: string; nickname: string };
  label: string;
}) {
  // Muted at first (browsers refuse sound before a tap), with a button for her sound.
  const [muted, setMuted] = useState(true);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState('');
  const [shown, setShown] = useState(false);
  const video = useStreamVideo(stream);
  useEffect(() => {
    let pc: RTCPeerConnection | undefined;
    let gone = false;
    watchHangout(roomId, owner.id)
      .then((offer) => receive(offer, (sdp) => answerHangout(offer.viewer_id, sdp)))
      .then(
        (got) => {
          pc = got.pc;
          if (gone) got.pc.close();
          else setStream(got.stream);
        },
        (e: unknown) => !gone && setError(errorText(e)),
      );
    return () => {
      gone = true;
      pc?.close();
    };
  }, [roomId, owner.id]);
  return (
    <figure className="hangout-tile" data-testid="hangout-tile" data-anchor={owner.id}>
      {!shown && <p className="hangout-tile-wait">{error || 'Connecting…'}</p>}
      <video
        ref={video}
        className="hangout-video"
        autoPlay
        playsInline
        muted={muted}
        data-testid="hangout-video"
        onLoadedData={() => setShown(true)}
      />
      <figcaption>{label}</figcaption>
      <button type="button" className="btn btn-small hangout-sound" onClick={() => setMuted((m) => !m)}>
        {muted ? `Turn ${owner.nickname}'s sound on` : `Mute ${owner.nickname}`}
      </button>
    </figure>
  );
}
