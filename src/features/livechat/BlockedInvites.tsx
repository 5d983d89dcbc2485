/**
 * Blocked invitations, at the foot of his chat contacts panel: the broadcasters whose live-chat
 * invitations he blocked from a bubble (spec 002 §6), each with Unblock. It loads each time it is
 * opened, since he may have blocked someone from a bubble since.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type InviteBlock, LiveChatInviteText } from '../../../protocol/livechat/livechat-invites';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { withoutBlock } from './blocked-invites';
import { getInviteBlockList, setInviteBlock } from './invites-api';
import './blocked-invites.css';

const textOf = (e: unknown) => (e instanceof ApiError && !e.offline ? e.message : unreachableText());

type Row = 'unblocking' | { error: string };

export function BlockedInvites() {
  const [list, setList] = useState<InviteBlock[]>();
  const [error, setError] = useState('');
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [focus, setFocus] = useState<{ id?: string }>();
  const summary = useRef<HTMLElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const load = useCallback(async () => {
    setError('');
    try {
      setList((await getInviteBlockList()).list);
    } catch (e) {
      setError(textOf(e));
    }
  }, []);

  const unblock = async (anchorId: string) => {
    setRows((r) => ({ ...r, [anchorId]: 'unblocking' }));
    try {
      await setInviteBlock(anchorId, false);
      const after = withoutBlock(list ?? [], anchorId);
      setList(after.list);
      setFocus({ id: after.focus });
      setRows(({ [anchorId]: _, ...r }) => r);
    } catch (e) {
      setRows((r) => ({ ...r, [anchorId]: { error: textOf(e) } }));
    }
  };

  // After an unblock her row is gone: the focus goes to a neighbour's Unblock, else the summary.
  useEffect(() => {
    if (!focus) return;
    (focus.id ? buttons.current.get(focus.id) : summary.current)?.focus();
  }, [focus]);

  return (
    <details
      className="lc-blocked"
      data-testid="livechat-blocked"
      onToggle={(e) => e.currentTarget.open && void load()}
    >
      <summary ref={summary}>{LiveChatInviteText.blockedTitle}</summary>
      {error && !list ? (
        <ErrorRetry message={error} onRetry={() => void load()} />
      ) : !list ? (
        <p className="lc-loading" role="status">
          Loading…
        </p>
      ) : list.length === 0 ? (
        <p className="lc-empty" data-testid="livechat-blocked-empty">
          {LiveChatInviteText.blockedNone}
        </p>
      ) : (
        <ul className="lc-contacts-list">
          {list.map((b) => {
            const row = rows[b.anchor_id];
            const name = b.nick_name || b.anchor_id;
            return (
              <li key={b.anchor_id} data-testid="livechat-blocked-item" data-anchorid={b.anchor_id}>
                <div className="lc-contact">
                  {b.photourl ? (
                    <img src={b.photourl} alt="" width={36} height={36} />
                  ) : (
                    <span className="lc-blocked-initial" aria-hidden="true">
                      {name.slice(0, 1)}
                    </span>
                  )}
                  <strong className="lc-contact-who">{name}</strong>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={`Unblock invitations from ${name}`}
                    disabled={row === 'unblocking'}
                    ref={(el) => {
                      if (el) buttons.current.set(b.anchor_id, el);
                      else buttons.current.delete(b.anchor_id);
                    }}
                    onClick={() => void unblock(b.anchor_id)}
                  >
                    {row === 'unblocking' ? 'Unblocking…' : 'Unblock'}
                  </button>
                </div>
                {typeof row === 'object' && (
                  <p className="lc-blocked-error" role="alert">
                    {row.error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}
