/** The message line of each bubble type; an invitation's own message (invMsg, msg) comes first. */
import type { BubbleType, InviteData } from '../../../protocol/realtime';

const TEXT: Record<BubbleType, (name: string, data: InviteData) => string> = {
  askPrivate: (name) => `${name} invites you to a One-on-One.`,
  autoInvitePrivate: (name) => `${name} would like to see you One-on-One.`,
  viewPublic: (name) => `${name} invites you to her public room.`,
  autoInvitePublic: (name) => `${name} is live now. Come and watch!`,
  hangoutInvite: (name, data) => {
    const friends = (data.friendsList ?? []).slice(0, 3).map((f) => f.nickname);
    return friends.length
      ? `${name} invites you to a Hang-out with ${friends.join(', ')}.`
      : `${name} invites you to a Hang-out.`;
  },
  askRequest: (name) => `${name} invites you to a scheduled One-on-One.`,
  requestWillStart: (name) => `Your One-on-One with ${name} is about to start.`,
  showToStartNotice: (name) => `${name}'s show is about to start.`,
  livechatnotice: (name) => `${name} would like to chat with you.`,
};

export function bubbleText(bubble: { type: BubbleType; data: InviteData }): string {
  const own = bubble.data.invMsg || bubble.data.msg;
  return own || TEXT[bubble.type](bubble.data.nick_name || 'A broadcaster', bubble.data);
}
