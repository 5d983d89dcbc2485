import { describe, expect, it } from 'vitest';
import { INVITE_TYPE_CAM, INVITE_TYPE_CHAT } from './livechat';
import { isCamInvite } from './livechat-invites';

describe('isCamInvite', () => {
  it('reads the notice inviteType: cam 1 is her camera chat, chat 0 is not', () => {
    expect(isCamInvite({ anchor_id: 'A2010', inviteType: INVITE_TYPE_CAM })).toBe(true);
    expect(isCamInvite({ anchor_id: 'A2010', inviteType: INVITE_TYPE_CHAT })).toBe(false);
  });

  it('takes a notice without the field (an older server) as a chat invitation', () => {
    expect(isCamInvite({ anchor_id: 'A2010' })).toBe(false);
    expect(isCamInvite({ inviteType: '1' })).toBe(false);
  });
});
