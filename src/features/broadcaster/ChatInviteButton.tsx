/**
 * Her workspace's live-chat invitations to an online member (the online members list): to chat
 * (chat 0) or to her camera chat (cam 1). He gets a livechatnotice bubble with Chat Now. The server
 * refuses a second one within 10 minutes, a member whose livechat_accept is off, or one gone
 * offline, each in words shown here.
 */
import { useState } from 'react';
import { INVITE_TYPE_CAM, INVITE_TYPE_CHAT } from '../../../protocol/livechat/livechat';
import { LiveChatInviteText } from '../../../protocol/livechat/livechat-invites';
import { errorText } from '../../api/use-request';
import { inviteToChat } from '../livechat/invites-api';
import '../invites/livechat-invites.css';

type State = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; error: string };
type InviteType = typeof INVITE_TYPE_CHAT | typeof INVITE_TYPE_CAM;

const KINDS = {
  [INVITE_TYPE_CHAT]: {
    name: 'chat',
    label: 'Chat invite',
    sent: LiveChatInviteText.invited,
    aria: (nickname: string) => `Invite ${nickname} to live chat`,
  },
  [INVITE_TYPE_CAM]: {
    name: 'cam',
    label: 'Cam invite',
    sent: LiveChatInviteText.camInvited,
    aria: (nickname: string) => `Invite ${nickname} to your camera chat`,
  },
} as const;

export function ChatInviteButton({
  userid,
  nickname,
  inviteType = INVITE_TYPE_CHAT,
}: {
  userid: string;
  nickname: string;
  inviteType?: InviteType;
}) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const kind = KINDS[inviteType];
  const send = async () => {
    setState({ status: 'sending' });
    try {
      await inviteToChat(userid, inviteType);
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
        data-testid={`${kind.name}-invite-member`}
        aria-label={kind.aria(nickname)}
        disabled={state.status === 'sending' || state.status === 'sent'}
        onClick={() => void send()}
      >
        {state.status === 'sending' ? 'Inviting…' : state.status === 'sent' ? kind.sent : kind.label}
      </button>
      {state.status === 'failed' && (
        <span
          className="workspace-status status-failed chat-invite-error"
          role="alert"
          data-testid={`${kind.name}-invite-error`}
        >
          {state.error}
        </span>
      )}
    </span>
  );
}
