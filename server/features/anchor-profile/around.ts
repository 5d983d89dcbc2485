/**
 * Around the broadcaster profile: her friends, recommendations by page, the recommendation pop,
 * follow states for a list of ids and a member's relation to her (banners: features/adverts). What each
 * recommends is written down next to the constants in protocol/around.ts.
 */
import {
  AD_RECOMMEND_MAX,
  type AdRecommendData,
  type FollowListData,
  type Friend,
  type FriendListData,
  RECOMMEND_LIST_NUM,
  RECOMMEND_PAGE_TYPE,
  type RecommendedAnchor,
  type RecommendListData,
  type RelationData,
  SIMILAR_ONLINE_NUM,
} from '../../../protocol/anchor-profile/around';
import { ONLINE_STATUS_OFFLINE, ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import { intimacyLevel } from '../../../protocol/messages/messages';
import type { Flag } from '../../../protocol/types';
import { forbidden } from '../../core/errors';
import type { AnchorRecord, Repositories } from '../../storage/contract';
import { type Caller, visibleAnchor } from '../discover';
import type { AroundRepository } from './around-repository';

const flag = (b: boolean): Flag => (b ? 1 : 0);
const onlineStatus = (a: AnchorRecord) =>
  a.state === 'offline' ? ONLINE_STATUS_OFFLINE : ONLINE_STATUS_ONLINE;

export function toFriend(a: AnchorRecord): Friend {
  return {
    anchor_id: a.userid,
    nickname: a.nickname,
    avatar_img: a.photourl,
    photourl: a.photourl,
    online_status: onlineStatus(a),
  };
}

function toRecommended(a: AnchorRecord, isFollow: boolean): RecommendedAnchor {
  return {
    anchor_id: a.userid,
    anchor_nickname: a.nickname,
    anchor_cover: a.coverurl,
    online_status: onlineStatus(a),
    is_follow: flag(isFollow),
    anchor_avatar: a.photourl,
    anchor_age: a.age,
    anchor_country: a.country,
  };
}

export class AroundService {
  constructor(
    private readonly repos: Pick<Repositories, 'anchors' | 'follows'>,
    private readonly around: AroundRepository,
  ) {}

  /** The broadcasters this member blocks (server/features/safety, wired in services.ts). */
  hiddenFrom?: (userid: string) => Promise<Set<string>>;

  /** The lists without the broadcasters he blocks: his block set is read once per list. */
  private async visibleTo<T extends { userid: string }>(
    caller: Caller | undefined,
    anchors: T[],
  ): Promise<T[]> {
    if (caller?.role !== 'man' || !this.hiddenFrom || anchors.length === 0) return anchors;
    const hidden = await this.hiddenFrom(caller.userid);
    return hidden.size ? anchors.filter((a) => !hidden.has(a.userid)) : anchors;
  }

  /** A member asks only about himself. */
  private himself(caller: Caller, memberId: string): void {
    if (caller.role !== 'man' || memberId.toUpperCase() !== caller.userid) throw forbidden();
  }

  private async followed(caller: Caller, anchors: AnchorRecord[]): Promise<Set<string>> {
    if (caller.role !== 'man' || anchors.length === 0) return new Set();
    return this.repos.follows.followed(
      caller.userid,
      anchors.map((a) => a.userid),
    );
  }

  private async recommended(caller: Caller, anchors: AnchorRecord[]): Promise<RecommendedAnchor[]> {
    const followed = await this.followed(caller, anchors);
    return anchors.map((a) => toRecommended(a, followed.has(a.userid)));
  }

  /** Her friends page by page (the profile's My Friends; a hang-out's friend layer reads the same). */
  async friends(anchorId: string, start: number, step: number, caller?: Caller): Promise<FriendListData> {
    const a = await visibleAnchor(this.repos, anchorId);
    const { rows, total } = await this.around.friends(a.userid, { start, step });
    const shown = await this.visibleTo(caller, rows);
    return { list: shown.map(toFriend), total: total - (rows.length - shown.length) };
  }

  /** getPageRecommendAnchorList: what each page type recommends (protocol/anchor-profile/around.ts RECOMMEND_PAGE_TYPE). */
  async pageRecommend(caller: Caller, type: number, anchorId?: string): Promise<RecommendListData> {
    const named = anchorId ? await visibleAnchor(this.repos, anchorId) : undefined;
    const exclude = named ? [named.userid] : [];
    let anchors: AnchorRecord[];
    if (type === RECOMMEND_PAGE_TYPE.similar && named) {
      anchors = await this.around.similarOnline(named.userid, RECOMMEND_LIST_NUM);
    } else if (type === RECOMMEND_PAGE_TYPE.messages) {
      anchors = await this.around.ranked({ exclude, onlineOnly: true, num: RECOMMEND_LIST_NUM });
    } else {
      // The profile's carousel leaves out her similar online broadcasters shown above it.
      if (named) {
        const similar = await this.around.similarOnline(named.userid, SIMILAR_ONLINE_NUM);
        exclude.push(...similar.map((s) => s.userid));
      }
      anchors = await this.around.ranked({ exclude, onlineOnly: false, num: RECOMMEND_LIST_NUM });
    }
    return { list: await this.recommended(caller, await this.visibleTo(caller, anchors)) };
  }

  /** getADRecommendAnchor {manid}: at most 6 online broadcasters he does not follow; needpop without contacts. */
  async adRecommend(caller: Caller, manid: string): Promise<AdRecommendData> {
    this.himself(caller, manid);
    const [anchors, hasContacts] = await Promise.all([
      this.around.ranked({
        exclude: [],
        onlineOnly: true,
        num: AD_RECOMMEND_MAX,
        notFollowedBy: caller.userid,
      }),
      this.around.hasContacts(caller.userid),
    ]);
    const list = (await this.visibleTo(caller, anchors)).map((a) => toRecommended(a, false));
    return { needpop: flag(!hasContacts && list.length > 0), list };
  }

  /** getUserFollowList {anchorids}: is_follow for each id asked, in the order asked; unknown ids are 0. */
  async followList(caller: Caller, anchorIds: string[]): Promise<FollowListData> {
    const ids = anchorIds.map((id) => id.toUpperCase());
    const followed =
      caller.role === 'man' ? await this.repos.follows.followed(caller.userid, ids) : new Set();
    return { list: ids.map((id) => ({ anchor_id: id, is_follow: flag(followed.has(id)) })) };
  }

  /** getRelation {anchorid, userid}: only his own (protocol/anchor-profile/around.ts RelationData). */
  async relation(caller: Caller, anchorId: string, memberId: string): Promise<RelationData> {
    this.himself(caller, memberId);
    const a = await visibleAnchor(this.repos, anchorId);
    const r = await this.around.relation(caller.userid, a.userid);
    return {
      anchorid: a.userid,
      userid: caller.userid,
      is_follow: flag(r.isFollow),
      intimacy: intimacyLevel(r.experience),
      intimacy_experience: r.experience,
      in_contacts: flag(r.inContacts),
      sayhi_sent: flag(r.sayHiSent),
    };
  }
}
