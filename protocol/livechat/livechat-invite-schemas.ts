/** Schemas of the live-chat invitation calls (protocol/livechat/livechat-invites.ts). */
import { z } from 'zod';
import { flag, userid } from '../schema-parts';

export const LiveChatInviteBody = z.object({ user_id: userid, invite_type: flag.default(0) });
export const InviteBlockBody = z.object({ anchor_id: userid, block: flag.default(1) });
