/**
 * Her workspace's live-chat invitation to an online member (the online members list): he gets a
 * livechatnotice bubble with Chat Now. The server refuses a second one within 10 minutes, a member
 * whose livechat_accept is off, or one gone offline, each in words shown here.
 */
import { useState } from 'react';
import { LiveChatInviteText } from '../../../protocol/livechat-invites';
import { inviteToChat } from '../../api/livechat-invites';
import { errorText } from '../../api/use-request';
import '../invites/livechat-invites.css';

type State = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; error: string };

export function ChatInviteButton({ userid, nickname }: { userid: string; nickname: string }) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const send = async () => {
    setState({ status: 'sending' });
    try {
      await inviteToChat(userid);
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', error: errorText(error) });
    }
  };
  return (
    <span className="chat-invite">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        data-testid="chat-invite-member"
        aria-label={`Invite ${nickname} to live chat`}
        disabled={state.status === 'sending' || state.status === 'sent'}
        onClick={() => void send()}
      >
        {state.status === 'sending'
          ? 'Inviting…'
          : state.status === 'sent'
            ? LiveChatInviteText.invited
            : 'Chat invite'}
      </button>
      {state.status === 'failed' && (
        <span
          className="workspace-status status-failed chat-invite-error"
          role="alert"
          data-testid="chat-invite-error"
        >
          {state.error}
        </span>
      )}
    </span>
  );
}
