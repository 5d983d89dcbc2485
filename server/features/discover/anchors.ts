/**
 * Broadcasters as members see them: the Discover lists, the profile page, following. Online state
 * comes from the stored anchor state (demo broadcasters hold no socket); is_follow is the caller's.
 */
import {
  ACCOUNT_STATUS_SUSPENDED,
  ONLINE_STATUS_OFFLINE,
  ONLINE_STATUS_ONLINE,
} from '../../../protocol/constants';
import { INTERESTS } from '../../../protocol/discover/interests';
import { NO_ANCHOR_PRIV } from '../../../protocol/privileges';
import type {
  AnchorCard,
  AnchorProfile,
  FavoriteData,
  Flag,
  InterestListData,
} from '../../../protocol/types';
import type { Caller } from '../../core/caller';
import { notFound } from '../../core/errors';
import { birthdayTip } from '../../storage/birthday';
import type { AnchorRecord, Repositories } from '../../storage/contract';

export type { Caller };

const flag = (b: boolean): Flag => (b ? 1 : 0);
/** Shown to members: every broadcaster but a suspended one. */
export const isVisibleAnchor = (a: AnchorRecord | undefined): a is AnchorRecord =>
  a !== undefined && a.accountStatus !== ACCOUNT_STATUS_SUSPENDED;

/** The broadcaster a call names; 10007 when there is none or she is suspended. */
export async function visibleAnchor(
  repos: { anchors: { find(id: string): Promise<AnchorRecord | undefined> } },
  anchorId: string,
): Promise<AnchorRecord> {
  const anchor = await repos.anchors.find(anchorId);
  if (!isVisibleAnchor(anchor)) throw notFound();
  return anchor;
}

export function toCard(a: AnchorRecord, isFollow: boolean, now = new Date()): AnchorCard {
  const online = a.state !== 'offline';
  return {
    userid: a.userid,
    nickname: a.nickname,
    age: a.age,
    country: a.country,
    city: a.city,
    photourl: a.photourl,
    anchor_cover: a.coverurl,
    online_status: online ? ONLINE_STATUS_ONLINE : ONLINE_STATUS_OFFLINE,
    is_online: flag(online),
    is_live: flag(a.state === 'live'),
    public_room_id: a.state === 'live' ? a.publicRoomId : '',
    room_type: a.roomType,
    anchor_type: a.anchorType,
    birthday_tip: birthdayTip(a.birthday, now),
    is_follow: flag(isFollow),
    priv: a.priv,
  };
}

/** What a suspended or deleted profile shows: its id and account_status 3, nothing else. */
function hiddenProfile(userid: string): AnchorProfile {
  return {
    userid,
    nickname: '',
    age: 0,
    country: '',
    city: '',
    photourl: '',
    anchor_cover: '',
    online_status: ONLINE_STATUS_OFFLINE,
    is_online: 0,
    is_live: 0,
    public_room_id: '',
    room_type: 0,
    anchor_type: 1,
    birthday_tip: 0,
    is_follow: 0,
    priv: NO_ANCHOR_PRIV,
    anchor_birthday: 0,
    anchor_info: {
      introduction: '',
      is_live: 0,
      room_photourl: '',
      account_status: ACCOUNT_STATUS_SUSPENDED,
      sayhi_sent: 0,
      anchor_type: 1,
      priv: NO_ANCHOR_PRIV,
    },
  };
}

export class AnchorService {
  constructor(
    private readonly repos: Repositories,
    /** Whether this member has sent her a Say Hi (the profile's anchor_info.sayhi_sent). */
    private readonly sayHiSent: (memberId: string, anchorId: string) => Promise<boolean> = async () => false,
  ) {}

  /** The broadcasters this member blocks (server/features/safety, wired in services.ts). */
  hiddenFrom?: (userid: string) => Promise<Set<string>>;

  /** His block set, read once per list (empty for a broadcaster). */
  async hiddenOf(caller: Caller): Promise<ReadonlySet<string>> {
    return caller.role === 'man' && this.hiddenFrom ? this.hiddenFrom(caller.userid) : new Set();
  }

  /**
   * A list's cards without the broadcasters he blocks. It reads as many more as he blocks and keeps
   * `num`, so a page stays full: a short page tells the client the list has ended.
   */
  private async listCards(
    caller: Caller,
    num: number,
    read: (n: number) => Promise<AnchorRecord[]>,
  ): Promise<AnchorCard[]> {
    const hidden = await this.hiddenOf(caller);
    if (hidden.size === 0) return this.cardsFor(caller, await read(num));
    const rows = await read(num + hidden.size);
    return this.cardsFor(caller, rows.filter((a) => !hidden.has(a.userid)).slice(0, num));
  }

  /** Cards as this caller sees them (his follows; suspended broadcasters left out). */
  async cardsFor(caller: Caller, anchors: AnchorRecord[]): Promise<AnchorCard[]> {
    const followed =
      caller.role === 'man' && anchors.length
        ? await this.repos.follows.followed(
            caller.userid,
            anchors.map((a) => a.userid),
          )
        : new Set<string>();
    const now = new Date();
    return anchors.filter(isVisibleAnchor).map((a) => toCard(a, followed.has(a.userid), now));
  }

  async featured(caller: Caller, num: number): Promise<AnchorCard[]> {
    return this.listCards(caller, num, (n) => this.repos.anchors.featured(n));
  }

  async online(caller: Caller, type: 0 | 1 | 2, num: number): Promise<AnchorCard[]> {
    return this.listCards(caller, num, (n) => this.repos.anchors.online(type, n));
  }

  async hot(caller: Caller, start: number, step: number): Promise<AnchorCard[]> {
    return this.listCards(caller, step, (n) => this.repos.anchors.hot(start, n));
  }

  /** The profile page; undefined when the id is not a broadcaster's. */
  async profile(caller: Caller, userid: string): Promise<AnchorProfile | undefined> {
    const a = await this.repos.anchors.find(userid);
    if (!a) return undefined;
    if (!isVisibleAnchor(a)) return hiddenProfile(userid);
    const [card] = await this.cardsFor(caller, [a]);
    if (!card) return hiddenProfile(a.userid);
    return {
      ...card,
      anchor_birthday: Math.floor(a.birthday.getTime() / 1000),
      anchor_info: {
        introduction: a.introduction,
        is_live: card.is_live,
        room_photourl: a.coverurl,
        account_status: a.accountStatus,
        sayhi_sent: caller.role === 'man' && (await this.sayHiSent(caller.userid, a.userid)) ? 1 : 0,
        anchor_type: a.anchorType,
        priv: a.priv,
      },
    };
  }

  /** Unknown and suspended broadcasters cannot be followed (10007). */
  async setFavorite(memberId: string, anchorId: string, follow: boolean): Promise<FavoriteData> {
    const a = await this.repos.anchors.find(anchorId);
    if (!isVisibleAnchor(a)) throw notFound();
    await this.repos.follows.set(memberId, a.userid, follow);
    return { userid: a.userid, is_follow: flag(follow) };
  }

  async interests(anchorId: string): Promise<InterestListData> {
    const a = await this.repos.anchors.find(anchorId);
    if (!isVisibleAnchor(a)) throw notFound();
    const mine = new Set(a.interests);
    return {
      list: INTERESTS.filter((i) => mine.has(i.id)).map((i) => ({ id: i.id, name: i.name, icon: '' })),
    };
  }
}
