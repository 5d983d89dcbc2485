/**
 * /mysetting/options: live chat (the spec's livechat_switch, livechat_accept, livechat_send, which
 * the live-chat engine reads before every invitation), privacy, the broadcasters whose invitations
 * he blocked (each with Unblock), and the other settings pages.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { type InviteBlock, LiveChatInviteText } from '../../../protocol/livechat/livechat-invites';
import { unreachableText } from '../../api/http';
import { afterPaint } from '../../app/after-paint';
import { Avatar } from '../../app/layout/Avatar';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { showToast } from '../../state/ui';
import { getInviteBlockList, setInviteBlock } from './api';
import { SettingsNav } from './SettingsNav';
import { Switch } from './Switch';
import { useSettings } from './use-settings';
import './settings.css';

// Everyone he blocks outright (src/features/safety), in its own chunk.
const BlockedBroadcasters = afterPaint(() =>
  import('../safety/BlockedBroadcasters').then((m) => m.BlockedBroadcasters),
);

export function OptionsPage() {
  const { state, busy, save, reload } = useSettings();
  return (
    <div className="page">
      <section
        className="card settings-card"
        aria-labelledby="options-title"
        aria-busy={state.kind === 'loading'}
      >
        <h1 id="options-title" className="page-title">
          Settings
        </h1>
        <SettingsNav />
        {state.kind === 'loading' && <p role="status">Loading your settings…</p>}
        {state.kind === 'error' && <ErrorRetry message={state.message} onRetry={() => void reload()} />}
        {state.kind === 'ready' && (
          <>
            <fieldset className="settings-group">
              <legend>Live chat</legend>
              <Switch
                label="Live chat"
                hint="Chat with broadcasters. Off: no invitations, and you cannot start a chat."
                checked={state.settings.livechat_switch === 1}
                disabled={busy !== null}
                onChange={(on) => void save('livechat_switch', on ? 1 : 0)}
                testId="setting-livechat-switch"
              />
              <Switch
                label="Accept chat invitations"
                hint="Broadcasters may invite you to chat."
                checked={state.settings.livechat_accept === 1}
                disabled={busy !== null}
                onChange={(on) => void save('livechat_accept', on ? 1 : 0)}
                testId="setting-livechat-accept"
              />
              <Switch
                label="Start chats myself"
                hint="Chat Now on a broadcaster's profile."
                checked={state.settings.livechat_send === 1}
                disabled={busy !== null}
                onChange={(on) => void save('livechat_send', on ? 1 : 0)}
                testId="setting-livechat-send"
              />
            </fieldset>
            <fieldset className="settings-group">
              <legend>Privacy</legend>
              <Switch
                label="Hide my online status"
                hint="Broadcasters do not see you in their list of members online."
                checked={state.settings.hide_online === 1}
                disabled={busy !== null}
                onChange={(on) => void save('hide_online', on ? 1 : 0)}
                testId="setting-hide-online"
              />
              <Switch
                label="Hide my profile from broadcasters"
                hint="They see only your nickname and photo."
                checked={state.settings.hide_profile === 1}
                disabled={busy !== null}
                onChange={(on) => void save('hide_profile', on ? 1 : 0)}
                testId="setting-hide-profile"
              />
            </fieldset>
            <BlockedBroadcasters />
            <BlockedList />
          </>
        )}
      </section>
    </div>
  );
}

function BlockedList() {
  const [list, setList] = useState<InviteBlock[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError('');
    try {
      setList((await getInviteBlockList()).list);
    } catch {
      setError(unreachableText());
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const unblock = async (anchorId: string) => {
    setBusy(anchorId);
    try {
      await setInviteBlock(anchorId, false);
      setList((l) => l?.filter((b) => b.anchor_id !== anchorId) ?? null);
    } catch {
      showToast(unreachableText());
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="settings-group" aria-labelledby="blocked-title">
      <h2 id="blocked-title" className="settings-subtitle">
        {LiveChatInviteText.blockedTitle}
      </h2>
      {error && <ErrorRetry message={error} onRetry={() => void load()} />}
      {!error && list === null && <p role="status">Loading…</p>}
      {list?.length === 0 && <p className="setting-hint">{LiveChatInviteText.blockedNone}</p>}
      {list && list.length > 0 && (
        <ul className="blocked-list">
          {list.map((b) => (
            <li key={b.anchor_id}>
              <Avatar src={b.photourl} name={b.nick_name} size={36} />
              <Link to="/anchor/$id" params={{ id: b.anchor_id }} className="blocked-name">
                {b.nick_name}
              </Link>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={busy === b.anchor_id}
                onClick={() => void unblock(b.anchor_id)}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
