/**
 * Who is watching her public room while she is live, each with Invite One-on-One (her instant
 * invitation: his Accept takes him to the One-on-One, where she joins him) and her moderation
 * menu (ViewerActions), her slow mode and her bans. What the broadcast earns is her studio's
 * earnings strip (read off the ledger, gifts included), so it is not said twice here.
 */
import { useCallback, useEffect, useState } from 'react';
import { VIEWERS_REFRESH_MS, type ViewersAnswer } from '../../../protocol/live/live';
import type { HerModeration } from '../../../protocol/live/room-moderation';
import { errorText } from '../../api/use-request';
import { instantInviteUser } from '../invites/api';
import { liveViewers } from './api';
import { herModeration } from './moderation-api';
import { RoomBans } from './RoomBans';
import { SlowModeSelect } from './SlowModeSelect';
import { ViewerActions } from './ViewerActions';

export function LiveViewers() {
  const [answer, setAnswer] = useState<ViewersAnswer | null>(null);
  /** What became of each invitation she sent from this list, by member. */
  const [invited, setInvited] = useState<Record<string, string>>({});
  const [moderation, setModeration] = useState<HerModeration | null>(null);
  const loadModeration = useCallback(
    () =>
      herModeration().then(
        (next) => setModeration(next),
        () => {},
      ),
    [],
  );
  useEffect(() => {
    let live = true;
    const load = () =>
      liveViewers().then(
        (next) => live && setAnswer(next),
        () => {},
      );
    void load();
    void loadModeration();
    const timer = setInterval(load, VIEWERS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [loadModeration]);
  /** After one of her actions: who is watching (a removed member goes) and her moderation. */
  const reload = () => {
    void liveViewers().then(setAnswer, () => {});
    void loadModeration();
  };
  const invite = async (userid: string) => {
    setInvited((current) => ({ ...current, [userid]: 'Sending…' }));
    try {
      await instantInviteUser(userid);
      setInvited((current) => ({ ...current, [userid]: 'Invited' }));
    } catch (error) {
      setInvited((current) => ({ ...current, [userid]: errorText(error) }));
    }
  };
  if (!answer) return null;
  return (
    <div className="live-viewers" data-testid="live-viewers">
      <h3>Watching now ({answer.viewers.length})</h3>
      {answer.viewers.length === 0 ? (
        <p className="muted">Nobody yet. Members see your Live badge on Discover and your profile.</p>
      ) : (
        <ul>
          {answer.viewers.map((v) => (
            <li key={v.user_id} data-userid={v.user_id}>
              {v.nickname} <span className="muted">({v.user_id})</span>{' '}
              {invited[v.user_id] && invited[v.user_id] !== 'Sending…' ? (
                <span role="status">{invited[v.user_id]}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={invited[v.user_id] === 'Sending…'}
                  onClick={() => void invite(v.user_id)}
                >
                  Invite One-on-One
                </button>
              )}{' '}
              <ViewerActions
                userid={v.user_id}
                nickname={v.nickname}
                muted={moderation?.muted.includes(v.user_id) ?? false}
                onDone={reload}
              />
            </li>
          ))}
        </ul>
      )}
      {moderation && (
        <div className="room-moderation">
          <SlowModeSelect seconds={moderation.slow_seconds} onDone={() => void loadModeration()} />
          <RoomBans bans={moderation.bans} onDone={() => void loadModeration()} />
        </div>
      )}
    </div>
  );
}
