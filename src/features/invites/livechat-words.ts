/** What a live-chat bubble may claim (pure, so it is tested without a page). */
import { LiveChatInviteText } from '../../../protocol/livechat/livechat-invites';

/** Only what is true: "She left a message" only when she did (left_msg), else that she is away. */
export const robotNote = (data: object) =>
  (data as { left_msg?: unknown }).left_msg === 1 ? LiveChatInviteText.robot : LiveChatInviteText.robotAway;

/** "Free chat" only when a free ticket pays it: free 1 and no charge (an older notice has no charge). */
export const isFreeChat = (data: object) => {
  const { free, charge } = data as { free?: unknown; charge?: unknown };
  return free === 1 && charge !== 1;
};
