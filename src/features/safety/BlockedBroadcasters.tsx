/**
 * Blocked broadcasters, a section of Settings → Options: everyone he blocks, newest first, each
 * with Unblock. Its own chunk, loaded by the Options page; the lighter live-chat invitation blocks
 * keep their own section beside it.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type BlockedAnchor, SafetyText } from '../../../protocol/safety/safety';
import { errorText, useRequest } from '../../api/use-request';
import { Avatar } from '../../app/layout/Avatar';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { showToast } from '../../state/ui';
import { getBlockList, setBlock } from './api';
import './safety.css';

const TITLE_ID = 'blocked-broadcasters-title';

function BlockedList({ initial }: { initial: BlockedAnchor[] }) {
  const [list, setList] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const unblock = async (b: BlockedAnchor) => {
    setBusy(b.anchor_id);
    try {
      await setBlock(b.anchor_id, false);
      setList((l) => l.filter((x) => x.anchor_id !== b.anchor_id));
      showToast(`You unblocked ${b.nick_name || b.anchor_id}.`, 'info');
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  if (list.length === 0)
    return (
      <p className="setting-hint" data-testid="safety-blocked-empty">
        {SafetyText.blockedNone}
      </p>
    );
  return (
    <ul className="safety-blocked-list" aria-labelledby={TITLE_ID} data-testid="safety-blocked-list">
      {list.map((b) => {
        const name = b.nick_name || b.anchor_id;
        return (
          <li key={b.anchor_id} data-anchorid={b.anchor_id}>
            <Avatar src={b.photourl} name={name} size={36} />
            <Link to="/anchor/$id" params={{ id: b.anchor_id }} className="blocked-name">
              {name}
            </Link>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={`Unblock ${name}`}
              disabled={busy === b.anchor_id}
              onClick={() => void unblock(b)}
            >
              {busy === b.anchor_id ? 'Unblocking…' : 'Unblock'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function BlockedBroadcasters() {
  const [state, retry] = useRequest(getBlockList, 'safety-blocks');
  return (
    <section className="settings-group" aria-labelledby={TITLE_ID} data-testid="safety-blocked">
      <h2 id={TITLE_ID} className="settings-subtitle">
        {SafetyText.blockedTitle}
      </h2>
      <p className="setting-hint">
        Their invitations and messages do not reach you, and they are hidden from your lists. They are not
        told.
      </p>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && <BlockedList initial={state.data.list} />}
    </section>
  );
}
