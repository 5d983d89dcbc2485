/**
 * A member's contacts and follows (her state, his Intimacy Level with her, when they last wrote),
 * the Intimacy Level between a member and a broadcaster with his free messages left, and the
 * emoticons messages may carry.
 */
import { ONLINE_STATUS_OFFLINE, ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import {
  CONTACT_SORT,
  type ContactListData,
  type ContactSort,
  EMOTICONS,
  type EmoticonListData,
  emoticonSign,
  emoticonUrl,
  FREE_PRIVATE_MESSAGES,
  INTIMACY_LEVELS,
  intimacyLevel,
  type UserAnchorInfo,
} from '../../../protocol/messages/messages';
import { notFound } from '../../core/errors';
import { birthdayTip } from '../../storage/birthday';
import type { AnchorRecord, StorageRepositories } from '../../storage/contract';
import type { Caller } from '../discover';
import { SEND_PRIVATE_MESSAGE_CREDIT, visibleAnchor } from '../discover';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export class ContactService {
  constructor(
    private readonly repos: StorageRepositories,
    /** The configured price of a message past the free ones (MONEY_KEYS), as MessageService charges it. */
    private readonly msgCredit: number = SEND_PRIVATE_MESSAGE_CREDIT,
  ) {}

  async intimacy(caller: Caller, anchorId: string, memberId?: string): Promise<UserAnchorInfo> {
    // A member asks about himself; a broadcaster about a member toward her.
    // A member sees only his own Intimacy: another userid names nothing he may see.
    if (caller.role === 'man' && memberId !== undefined && memberId !== caller.userid) throw notFound();
    const member = caller.role === 'man' ? caller.userid : memberId;
    const anchor = caller.role === 'man' ? anchorId : caller.userid;
    if (!member) throw notFound();
    await visibleAnchor(this.repos, anchor);
    const experience = await this.repos.messages.experience(member, anchor);
    const conv = await this.repos.messages.conversation(member, anchor);
    return {
      intimacy: intimacyLevel(experience),
      intimacy_experience: experience,
      intimacy_level_list: INTIMACY_LEVELS.map((l) => ({ ...l })),
      free_msg_left: Math.max(0, FREE_PRIVATE_MESSAGES - (conv?.memberSent ?? 0)),
      msg_credit: this.msgCredit,
    };
  }

  emoticons(): EmoticonListData {
    return {
      list: [
        {
          name: 'Basic',
          emo_list: EMOTICONS.map((_, i) => ({ emo_sign: emoticonSign(i + 1), emo_url: emoticonUrl(i + 1) })),
        },
      ],
    };
  }

  async contacts(
    memberId: string,
    start: number,
    step: number,
    sorting: ContactSort,
  ): Promise<ContactListData> {
    const order =
      sorting === CONTACT_SORT.online ? 'online' : sorting === CONTACT_SORT.name ? 'name' : 'recent';
    const { rows, total } = await this.repos.messages.contacts(memberId, { start, step }, order);
    const anchors = await this.anchorMap(rows.map((r) => r.anchorId));
    const now = new Date();
    const list = rows.flatMap((r) => {
      const a = anchors.get(r.anchorId);
      return a ? [this.contactOf(a, r.isFollow, intimacyLevel(r.experience), seconds(r.lastTime), now)] : [];
    });
    return { list, total };
  }

  async follows(memberId: string, start: number, step: number): Promise<ContactListData> {
    const ids = await this.repos.messages.followed(memberId, { start, step });
    const anchors = await this.anchorMap(ids);
    const now = new Date();
    const list = [];
    for (const id of ids) {
      const a = anchors.get(id);
      if (!a) continue;
      const level = intimacyLevel(await this.repos.messages.experience(memberId, id));
      list.push(this.contactOf(a, true, level, 0, now));
    }
    return { list, total: list.length };
  }

  private async anchorMap(ids: string[]): Promise<Map<string, AnchorRecord>> {
    const found = await Promise.all(ids.map((id) => this.repos.anchors.find(id)));
    return new Map(found.flatMap((a) => (a ? [[a.userid, a] as const] : [])));
  }

  private contactOf(a: AnchorRecord, isFollow: boolean, level: number, lastTime: number, now: Date) {
    const live = a.state === 'live';
    return {
      anchor_id: a.userid,
      anchor_nickname: a.nickname,
      anchor_age: a.age,
      anchor_avatar_img: a.photourl,
      anchor_cover_img: a.coverurl,
      anchor_country: a.country,
      anchor_birthday: seconds(a.birthday),
      birthday_tip: birthdayTip(a.birthday, now),
      is_follow: isFollow ? (1 as const) : (0 as const),
      online_status: a.state !== 'offline' ? ONLINE_STATUS_ONLINE : ONLINE_STATUS_OFFLINE,
      anchor_priv: a.priv,
      public_room_id: live ? a.publicRoomId : '',
      room_type: a.roomType,
      intimacy: level,
      last_time: lastTime,
    };
  }
}
