/**
 * A member's settings (protocol/profile/settings.ts): live-chat switches (kept in members, where
 * the live-chat engine reads them), alert channels, privacy; and the config calls getKeySwitch and
 * getConstantInfo, whose money keys come from configuration.
 */
import { HOBBIES_MAX, INTRODUCTION_MAX, PROFILE_MIN_AGE } from '../../../protocol/profile/profile';
import type { SaveMemberSettingsBody } from '../../../protocol/profile/profile-schemas';
import {
  ALERT_KINDS,
  type MemberSettings,
  type MoneyKeys,
  SettingsErrno,
  SettingsText,
  SWITCH_KEYS,
  type SwitchKey,
  wantsPush,
} from '../../../protocol/profile/settings';
import { ApiError, notFound } from '../../core/errors';
import type { Db, StorageRepositories } from '../../storage/contract';
import { profileRepository } from './profile-repository';

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;
const CONSTANTS: Record<string, number> = {
  profile_min_age: PROFILE_MIN_AGE,
  introduction_max: INTRODUCTION_MAX,
  hobbies_max: HOBBIES_MAX,
};

export class SettingsService {
  private readonly repo: ReturnType<typeof profileRepository>;

  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    readonly moneyKeys: MoneyKeys,
  ) {
    this.repo = profileRepository(db);
  }

  /** POST /user/getMemberSettings. */
  async get(userid: string): Promise<MemberSettings> {
    const [m, s] = await Promise.all([this.repos.members.find(userid), this.repo.settings(userid)]);
    if (!m) throw notFound();
    return {
      livechat_switch: flag(m.livechatAccept || m.livechatSend),
      livechat_accept: flag(m.livechatAccept),
      livechat_send: flag(m.livechatSend),
      alerts: s.alerts,
      hide_online: flag(s.hideOnline),
      hide_profile: flag(s.hideProfile),
    };
  }

  /** POST /user/saveMemberSettings: the fields given change, the others stay. */
  async save(userid: string, body: SaveMemberSettingsBody): Promise<MemberSettings> {
    const m = await this.repos.members.find(userid);
    if (!m) throw notFound();
    await this.db.transaction(async (tx) => {
      const repo = profileRepository(tx);
      let accept = m.livechatAccept;
      let send = m.livechatSend;
      // The main switch: off turns both off (spec 002 §6); on, from all off, turns both on.
      if (body.livechat_switch === 0) [accept, send] = [false, false];
      if (body.livechat_switch === 1 && !accept && !send) [accept, send] = [true, true];
      if (body.livechat_accept !== undefined) accept = body.livechat_accept === 1;
      if (body.livechat_send !== undefined) send = body.livechat_send === 1;
      if (accept !== m.livechatAccept || send !== m.livechatSend)
        await repo.setLivechat(userid, accept, send);
      const s = await repo.settings(userid);
      const alerts = { ...s.alerts };
      for (const kind of ALERT_KINDS) {
        const channel = body[`alert_${kind}`];
        if (channel) alerts[kind] = channel;
      }
      await repo.saveSettings(userid, {
        alerts,
        hideOnline: body.hide_online === undefined ? s.hideOnline : body.hide_online === 1,
        hideProfile: body.hide_profile === undefined ? s.hideProfile : body.hide_profile === 1,
      });
    });
    return this.get(userid);
  }

  /** POST /pman/setting/api/getKeySwitch {key}. */
  async keySwitch(userid: string, key: string): Promise<{ key: string; value: 0 | 1 }> {
    if (!(SWITCH_KEYS as readonly string[]).includes(key))
      throw new ApiError(SettingsErrno.UNKNOWN_SWITCH, SettingsText.unknownSwitch);
    const s = await this.get(userid);
    return { key, value: s[key as SwitchKey] };
  }

  /** POST /share/v1/getConstantInfo {key list}: the keys it knows; others are left out. */
  constantInfo(keys: string[]): Record<string, number> {
    const known: Record<string, number> = { ...CONSTANTS, ...this.moneyKeys };
    return Object.fromEntries(
      keys.filter((k) => Object.hasOwn(known, k)).map((k) => [k, known[k] as number]),
    );
  }

  /** Whether his alert of this push type may go by push (the push server asks before sending). */
  async wantsPush(userid: string, pushType: string): Promise<boolean> {
    return wantsPush((await this.repo.settings(userid)).alerts, pushType);
  }

  /** The members among `userids` who hide their online status from broadcasters. */
  hidingOnline(userids: string[]): Promise<Set<string>> {
    return this.repo.hidingOnline(userids);
  }
}
