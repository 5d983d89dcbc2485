/**
 * The profile's intimacy section (spec 002 §3 "intimacy"): his level with her, the bar to the next
 * level, what the next level unlocks and what earns it (the one table in protocol). It follows his
 * level-up notice, so watching her or chatting with her moves it without a reload. Members only.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { INTIMACY_LEVEL_UP_ROUTE } from '../../../protocol/messages/messages';
import { useRequest } from '../../api/use-request';
import { onRealtime } from '../../app/realtime-later';
import { getIntimacy } from '../messages/api';
import { progressOf } from '../messages/IntimacyPopup';
import { earnLines, nextUnlock } from '../messages/intimacy-info';

export function ProfileIntimacy({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const [version, setVersion] = useState(0);
  const [state, retry] = useRequest(() => getIntimacy(anchorId), `${anchorId}:${version}`);
  const [showAll, setShowAll] = useState(false);
  const titleId = useId();
  const listId = useId();

  useEffect(
    () =>
      onRealtime((realtime) =>
        realtime.on<{ anchor_id?: string }>(INTIMACY_LEVEL_UP_ROUTE, (notice) => {
          if (notice?.anchor_id === anchorId) setVersion((v) => v + 1);
        }),
      ),
    [anchorId],
  );

  const lines = earnLines();
  return (
    <section className="profile-intimacy" aria-labelledby={titleId} data-testid="profile-intimacy">
      <h2 id={titleId}>Intimacy</h2>
      {state.status === 'loading' && <p className="muted">Loading…</p>}
      {state.status === 'error' && (
        <p role="alert">
          {state.error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      {state.status === 'ready' &&
        (() => {
          const info = state.data;
          const { percent, toNext } = progressOf(info);
          const unlock = nextUnlock(info.intimacy);
          return (
            <>
              <p className="intimacy-level">
                Level <strong data-testid="profile-intimacy-level">{info.intimacy}</strong>
                <span className="muted"> · {info.intimacy_experience} experience</span>
              </p>
              <div
                className="pm-progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-label={`Progress to Intimacy Level ${info.intimacy + 1}`}
              >
                <span style={{ width: `${percent}%` }} />
              </div>
              {unlock && toNext !== undefined && (
                <p className="intimacy-next">
                  {toNext} more to Level {info.intimacy + 1}: {unlock.toLowerCase()}.
                </p>
              )}
              <p className="intimacy-next">
                {info.intimacy < 1 && <>You can write to {nickname} from Level 1. </>}
                <Link
                  to="/mymessage"
                  search={{ to: anchorId }}
                  className="text-link"
                  data-testid="profile-intimacy-message"
                >
                  Message her
                </Link>
              </p>
              <p className="intimacy-earn-title">What earns it</p>
              <ul className="intimacy-earn" id={listId}>
                {(showAll ? lines : lines.slice(0, 4)).map((l) => (
                  <li key={l.source}>
                    <span>{l.text}</span> <span className="intimacy-xp">+{l.experience}</span>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-expanded={showAll}
                aria-controls={listId}
                onClick={() => setShowAll((v) => !v)}
              >
                {showAll ? 'Show less' : 'Show all'}
              </button>
            </>
          );
        })()}
    </section>
  );
}
