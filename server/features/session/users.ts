/**
 * A caller's own account (balances, settings) and the getUserInfo lookup, which answers a
 * broadcaster's profile for an anchor id and a member's card for the caller's own id.
 */
import { ACCOUNT_STATUS_SUSPENDED } from '../../../protocol/constants';
import { fromHundredths } from '../../../protocol/money';
import { NO_MEMBER_PRIV } from '../../../protocol/privileges';
import type { OwnProfileFields } from '../../../protocol/profile/profile';
import { MONEY_KEY_DEFAULTS, type MoneyKeys } from '../../../protocol/profile/settings';
import type {
  AnchorProfile,
  Flag,
  MemberProfile,
  MoneyData,
  OwnUserInfo,
  UserConfig,
  UserConfigData,
} from '../../../protocol/types';
import type { AnchorCouponFlags } from '../../../protocol/vouchers/voucher-anchors';
import { notFound } from '../../core/errors';
import type { MemberRecord, Repositories } from '../../storage/contract';
import type { AnchorService, Caller } from '../discover';

const flag = (b: boolean): Flag => (b ? 1 : 0);
const FIRST_DAYS_MS = 3 * 24 * 3600 * 1000;
/** Credit with 2 decimals, from hundredths. */
const credit = (hundredths: number) => Number(fromHundredths(hundredths).toFixed(2));

/**
 * Whose member card (nickname, photo, online status) a caller may read: his own, or any member's
 * for a broadcaster. One rule for getUserInfo over HTTP and the live chat socket's user info.
 */
export const mayReadMember = (caller: Caller, memberId: string): boolean =>
  caller.role === 'lady' || caller.userid === memberId;

/** What a broadcaster's own settings read as: she has no member settings to agree to. */
const LADY_CONFIG: UserConfig = { agree_provision: 1, livechat_accept: 0, livechat_send: 0, guide_mail: 0 };

export class UserService {
  constructor(
    private readonly repos: Repositories,
    private readonly anchors: AnchorService,
    private readonly moneyType: string,
    /** The spec's money config keys, from configuration (getUserConfig answers them). */
    private readonly moneyKeys: MoneyKeys = MONEY_KEY_DEFAULTS,
  ) {}

  /** A member's profile fields for his getUserInfo (server/features/profile, wired in services.ts). */
  profileFields?: (userid: string) => Promise<OwnProfileFields>;
  /** Whether his vouchers pay her rooms, in her getUserInfo (server/features/vouchers). */
  anchorCoupons?: (memberId: string, anchorId: string) => Promise<AnchorCouponFlags>;
  /** He agreed to the terms: his welcome voucher (server/features/vouchers). */
  agreed?: (memberId: string) => Promise<void>;

  private async member(userid: string): Promise<MemberRecord> {
    const m = await this.repos.members.find(userid);
    if (!m) throw notFound();
    return m;
  }

  /** POST /share/v1/getUserInfo. */
  async userInfo(caller: Caller, userid: string): Promise<AnchorProfile | MemberProfile> {
    const profile = await this.anchors.profile(caller, userid);
    if (
      profile &&
      caller.role === 'man' &&
      this.anchorCoupons &&
      profile.anchor_info.account_status !== ACCOUNT_STATUS_SUSPENDED
    )
      return { ...profile, ...(await this.anchorCoupons(caller.userid, userid)) };
    if (profile) return profile;
    if (mayReadMember(caller, userid)) {
      const m = await this.repos.members.find(userid);
      if (m) return { userid: m.userid, nickname: m.nickname, photourl: m.photourl, fansi_info: fansi(m) };
    }
    throw notFound();
  }

  /** POST /nx/api/User/getUserInfo. */
  async ownInfo(caller: Caller): Promise<OwnUserInfo> {
    if (caller.role === 'lady') {
      const u = await this.repos.users.find(caller.userid);
      if (!u) throw notFound();
      return {
        userid: u.userid,
        role: 'lady',
        nickname: u.nickname,
        photourl: u.photourl,
        credit_unit: this.moneyType,
        consume_level: 0,
        agree_provision: 1,
        livechat_switch: 0,
        livechat_accept: 0,
        livechat_send: 0,
        firstLogin3Day: flag(Date.now() - u.createdAt.getTime() < FIRST_DAYS_MS),
        fansi_info: { priv: NO_MEMBER_PRIV, used_sayhi: 0 },
        left_credit: 0,
        left_poststamp: 0,
        left_chatmin: 0,
        isPaidMember: 0,
      };
    }
    const m = await this.member(caller.userid);
    const profile = await this.profileFields?.(m.userid);
    return {
      ...profile,
      userid: m.userid,
      role: 'man',
      nickname: m.nickname,
      photourl: m.photourl,
      credit_unit: this.moneyType,
      consume_level: m.consumeLevel,
      agree_provision: flag(m.agreeProvision),
      livechat_switch: flag(m.livechatAccept || m.livechatSend),
      livechat_accept: flag(m.livechatAccept),
      livechat_send: flag(m.livechatSend),
      firstLogin3Day: flag(Date.now() - m.createdAt.getTime() < FIRST_DAYS_MS),
      fansi_info: fansi(m),
      left_credit: credit(m.creditHundredths),
      left_poststamp: m.poststamp,
      left_chatmin: m.chatmin,
      isPaidMember: flag(m.isPaidMember),
    };
  }

  /** POST /pman/emf/api/getAllMoney; a broadcaster holds no balance. */
  async money(caller: Caller): Promise<MoneyData> {
    if (caller.role === 'lady') return { credit: 0, poststamp: 0 };
    const m = await this.member(caller.userid);
    return { credit: credit(m.creditHundredths), poststamp: m.poststamp };
  }

  async userConfig(caller: Caller): Promise<UserConfigData> {
    if (caller.role === 'lady') return { ...LADY_CONFIG, ...this.moneyKeys };
    const m = await this.member(caller.userid);
    return {
      ...this.moneyKeys,
      agree_provision: flag(m.agreeProvision),
      livechat_accept: flag(m.livechatAccept),
      livechat_send: flag(m.livechatSend),
      guide_mail: flag(m.guideMail),
    };
  }

  async agreeProvision(caller: Caller): Promise<UserConfigData> {
    if (caller.role === 'man') {
      // The welcome voucher is for agreeing the first time, not for a member who agreed long ago.
      const firstTime = !(await this.repos.members.find(caller.userid))?.agreeProvision;
      await this.repos.members.setAgreeProvision(caller.userid);
      if (firstTime) await this.agreed?.(caller.userid);
    }
    return this.userConfig(caller);
  }
}

function fansi(m: MemberRecord): MemberProfile['fansi_info'] {
  return { priv: m.priv, used_sayhi: m.usedSayhi };
}
