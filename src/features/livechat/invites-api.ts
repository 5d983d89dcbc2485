/** The live-chat engine's invitation calls (protocol/livechat/livechat-invites.ts). */
import { LiveChatApi, type LiveChatInvite } from '../../../protocol/livechat/livechat';
import { type InviteBlock, LiveChatInviteApi } from '../../../protocol/livechat/livechat-invites';
import { call } from '../../api/http';

/** The display check: her live invitation to him (or her opening line when there is none). */
export const showInvite = (anchorId: string) =>
  call<LiveChatInvite>(LiveChatApi.showInvite, { anchor_id: anchorId });
/** Her workspace: invite an online member to chat (0) or to her camera chat (1). */
export const inviteToChat = (userId: string, inviteType: 0 | 1 = 0) =>
  call<{ inviteId: string }>(LiveChatInviteApi.invite, { user_id: userId, invite_type: inviteType });
export const setInviteBlock = (anchorId: string, block: boolean) =>
  call<{ anchor_id: string; block: 0 | 1 }>(LiveChatInviteApi.block, {
    anchor_id: anchorId,
    block: block ? 1 : 0,
  });
/** The broadcasters whose invitations he blocks. */
export const getInviteBlockList = () => call<{ list: InviteBlock[] }>(LiveChatInviteApi.blockList);
