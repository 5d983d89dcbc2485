/**
 * The hang-out layers (spec 001 §2, §5): the friend layer (what a hang-out is, her friends 6 at a
 * time, 4 at widths up to 1260 px, Load More, Enter Hang-out Room) and, when he is in a hang-out
 * already (18003), the 'already started' dialog: Go to My Hang-out Room or Start a New Hang-out.
 */

import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Errno } from '../../../protocol/errors';
import {
  cutNickname,
  DIALOG_NICKNAME_MAX,
  FRIEND_LAYER_NARROW_PX,
  FRIEND_LAYER_PAGE,
  FRIEND_LAYER_PAGE_NARROW,
  HANGOUT_ALREADY,
  HANGOUT_CREDIT_PER_MINUTE,
  type HangoutFriendItem,
  type HangoutStatusEntry,
  LAYER_NICKNAME_MAX,
} from '../../../protocol/hangouts/hangout';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { Modal } from '../../app/popups/Modal';
import { userState } from '../../state/user';
import { sendHangoutRequest } from '../invites/api';
import { getHangoutFriends, getHangoutStatus, leaveHangout } from './api';
import { guideSeen } from './guide';
import './hangout.css';

const pageSize = () =>
  window.innerWidth <= FRIEND_LAYER_NARROW_PX ? FRIEND_LAYER_PAGE_NARROW : FRIEND_LAYER_PAGE;

export function HangoutLayer({
  anchorId,
  nickname,
  onClose,
}: {
  anchorId: string;
  nickname: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [friends, setFriends] = useState<HangoutFriendItem[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState(pageSize);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [already, setAlready] = useState<HangoutStatusEntry | null>(null);

  const userid = useSnapshot(userState).me?.userid ?? '';
  useEffect(() => {
    if (userid) guideSeen(userid);
  }, [userid]);
  useEffect(() => {
    let live = true;
    setLoadError('');
    getHangoutFriends(anchorId).then(
      (list) => live && setFriends(list),
      (e: unknown) => live && setLoadError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [anchorId, attempt]);

  const goTo = (id: string) => {
    onClose();
    void navigate({ to: '/hangout', search: { id } });
  };
  /** Asks her for the hang-out and opens the room page, which waits for her to start it. */
  const request = async () => {
    try {
      await sendHangoutRequest(anchorId);
    } catch (e) {
      // His earlier request still waits for her: the room page waits for the same answer.
      if (!(e instanceof ApiError && e.errno === Errno.REQUEST_PENDING)) throw e;
    }
    goTo(anchorId);
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const enter = () =>
    act(async () => {
      try {
        await getHangoutStatus();
      } catch (e) {
        const entry =
          e instanceof ApiError && e.errno === HANGOUT_ALREADY ? (e.data as HangoutStatusEntry[])[0] : null;
        if (!entry) throw e;
        setAlready(entry);
        return;
      }
      await request();
    });

  if (already) {
    const host = already.liveroomanchor[0]?.anchor_id ?? '';
    return (
      <Modal
        title="Your hang-out has already started"
        testId="hangout-already"
        onClose={onClose}
        actions={
          <>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => goTo(host)}>
              Go to My Hang-out Room
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  await leaveHangout(already.live_room_id);
                  await request();
                })
              }
            >
              Start a New Hang-out
            </button>
          </>
        }
      >
        <p>
          You are in a hang-out now. Go back to it, or leave it and start a new one with{' '}
          {cutNickname(nickname, DIALOG_NICKNAME_MAX)}.
        </p>
        {error && <p role="alert">{error}</p>}
      </Modal>
    );
  }

  const list = friends ?? [];
  return (
    <Modal
      title={`Hang-out with ${cutNickname(nickname, DIALOG_NICKNAME_MAX)}`}
      testId="hangout-layer"
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={enter}>
          Enter Hang-out Room
        </button>
      }
    >
      <p className="hangout-explain">
        A hang-out is a video room with her and up to three of her friends on camera. She invites them once
        you are in. It costs {HANGOUT_CREDIT_PER_MINUTE.toFixed(2)} credits a minute while you stay.
      </p>
      {loadError ? (
        <ErrorRetry message={loadError} onRetry={() => setAttempt((n) => n + 1)} />
      ) : friends === null ? (
        <p role="status">Loading her friends…</p>
      ) : list.length === 0 ? (
        <p>She has no friends to invite yet; your hang-out starts with her.</p>
      ) : (
        <>
          <h3 className="hangout-friends-title">Her friends</h3>
          <ul className="hangout-friends" data-testid="hangout-friends">
            {list.slice(0, shown).map((f) => (
              <li key={f.anchor_id} className="hangout-friend">
                <img src={f.avatar_img || f.photourl} alt="" width={56} height={56} loading="lazy" />
                <span title={f.nickname}>{cutNickname(f.nickname, LAYER_NICKNAME_MAX)}</span>
                {f.online_status === 2 && <span className="hangout-online">Online</span>}
              </li>
            ))}
          </ul>
          {shown < list.length && (
            <button type="button" className="btn btn-ghost" onClick={() => setShown((n) => n + pageSize())}>
              Load More
            </button>
          )}
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </Modal>
  );
}
