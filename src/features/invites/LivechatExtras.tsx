/**
 * What a livechat bubble adds under her message: a robot invitation says she may be away (Chat Now
 * then tells -2 in clear words), a cam invitation (inviteType 1) says plainly it is one, a free
 * chat ticket shows "Free chat", and Block stops her invitations (spec 002 §6: invites from blocked
 * users are ignored; he lifts a block from Blocked invitations on his live chat page).
 */
import { useState } from 'react';
import { isCamInvite, LiveChatInviteText } from '../../../protocol/livechat/livechat-invites';
import { errorText } from '../../api/use-request';
import { setInviteBlock } from '../livechat/invites-api';
import { inviteStore } from './index';
import { isFreeChat, robotNote } from './livechat-words';
import type { Bubble } from './rules';
import './livechat-invites.css';

export function LivechatExtras({ bubble }: { bubble: Bubble }) {
  const [state, setState] = useState<'idle' | 'blocking' | { error: string }>('idle');
  const name = bubble.data.nick_name || 'this broadcaster';
  const block = async () => {
    setState('blocking');
    try {
      await setInviteBlock(bubble.data.anchor_id, true);
      inviteStore.close(bubble.id, 'dismiss');
    } catch (error) {
      setState({ error: errorText(error) });
    }
  };
  return (
    <div className="lci-extras">
      {bubble.data.robot ? (
        <p className="lci-note" data-testid="livechat-robot">
          {robotNote(bubble.data)}
        </p>
      ) : null}
      {isCamInvite(bubble.data) ? (
        <p className="lci-cam" data-testid="livechat-cam">
          {LiveChatInviteText.camInvite}
        </p>
      ) : null}
      {isFreeChat(bubble.data) ? (
        <span className="lci-free" data-testid="livechat-free">
          Free chat
        </span>
      ) : null}
      <button
        type="button"
        className="lci-block"
        data-testid="livechat-block"
        aria-label={`Block invitations from ${name}`}
        disabled={state === 'blocking'}
        onClick={() => void block()}
      >
        {state === 'blocking' ? 'Blocking…' : 'Block'}
      </button>
      {typeof state === 'object' && (
        <p className="lci-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
