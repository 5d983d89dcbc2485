/** Settings calls (protocol/profile/settings.ts); the invitation blocks are live chat's. */
import { type MemberSettings, SettingsApi } from '../../../protocol/profile/settings';
import { call } from '../../api/http';
import { userState } from '../../state/user';

export { getInviteBlockList, setInviteBlock } from '../livechat/invites-api';

export const getMemberSettings = () => call<MemberSettings>(SettingsApi.getMemberSettings);

export async function saveMemberSettings(changes: Record<string, string | number>): Promise<MemberSettings> {
  const saved = await call<MemberSettings>(SettingsApi.saveMemberSettings, changes);
  // The account the app holds carries the live-chat switches too.
  if (userState.me) {
    userState.me.livechat_switch = saved.livechat_switch;
    userState.me.livechat_accept = saved.livechat_accept;
    userState.me.livechat_send = saved.livechat_send;
  }
  return saved;
}
