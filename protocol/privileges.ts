/** All-zero privilege sets, for callers who hold none (a broadcaster's fansi_info, a hidden profile). */
import type { AnchorPriv, MemberPriv } from './types';

export const NO_MEMBER_PRIV: MemberPriv = {
  show_pop: 0,
  send_gift_flower: 0,
  hangout: 0,
  say_hi: 0,
  public: 0,
  oneonone: 0,
  premium_video: 0,
  call: 0,
  invitation_bubble: 0,
  chatmin: 0,
  priv_mb_h5_show_gift: 0,
};

export const NO_ANCHOR_PRIV: AnchorPriv = {
  oneonone: 0,
  booking: 0,
  hangout: 0,
  call_instant: 0,
  call_schedule: 0,
  flower_sent: 0,
  priv_mb_h5_show_gift: 0,
};
