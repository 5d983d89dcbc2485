/**
 * Scheduled shows and tickets: the member's calendar, detail, My tickets, buying and following; the
 * broadcaster's calendar, publishing and cancelling (with a refund of every ticket). Answers carry
 * the spec's errno and texts (protocol/shows/shows.ts); credit moves tell the member's tabs the balance.
 */

import { toHundredths } from '../../../protocol/money';
import {
  type BuyTicketAnswer,
  type CancelShowAnswer,
  type CreateShowAnswer,
  type FollowShowAnswer,
  type LadyShowInfo,
  type LadyShowListData,
  SHOW_CANCEL_ROUTE,
  SHOW_FOLLOW_LOCK_S,
  SHOW_LIMITS,
  SHOW_SORT,
  type ShowCancelNotice,
  type ShowDetailData,
  ShowErrno,
  type ShowInfo,
  type ShowListData,
  ShowMessages,
} from '../../../protocol/shows/shows';
import { ApiError, notFound } from '../../core/errors';
import type { StorageRepositories } from '../../storage/contract';
import { visibleAnchor } from '../discover';
import type { EarnIntimacy } from '../intimacy';
import type { RealtimeDeps } from '../invitations';
import { creditOf, notifyCredit } from '../money';
import type { ShowView } from './tickets-repository';

const fail = (errno: number, errmsg: string) => new ApiError(errno, errmsg);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** show_info from a view: an upcoming show whose time is over reads as finished (status 3). */
export function showInfoOf(v: ShowView): ShowInfo {
  return {
    live_show_id: v.liveShowId,
    show_title: v.title,
    show_introduce: v.introduce,
    cover: v.cover,
    anchor_id: v.anchorId,
    anchor_nickname: v.anchorNickname,
    anchor_avatar: v.anchorAvatar,
    price: creditOf(v.priceHundredths),
    start_time: seconds(v.startTime),
    duration: v.durationMin,
    status: v.status === 1 && v.ended ? 3 : v.status,
    ticket_status: v.ticketStatus,
    ticket_is_full: v.sold >= v.capacity ? 1 : 0,
    has_follow: v.hasFollow ? 1 : 0,
    left_sec_to_start: v.leftSec,
    remainMinite: Math.max(0, Math.ceil(v.leftSec / 60)),
  };
}

const ladyInfoOf = (v: ShowView): LadyShowInfo => ({
  ...showInfoOf(v),
  ticket_num: v.capacity,
  sold_num: v.sold,
  refunded_num: v.refunded,
});

export interface NewShowInput {
  show_title: string;
  show_introduce: string;
  start_time: number;
  duration: number;
  price: number;
  ticket_num: number;
}

export class ShowService {
  constructor(
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
    /** A ticket to her show earns him Intimacy with her (server/features/intimacy). */
    private readonly earnIntimacy?: EarnIntimacy,
  ) {}

  async detail(liveShowId: string, callerId: string, isMember: boolean): Promise<ShowDetailData> {
    const view = await this.repos.tickets.view(liveShowId, isMember ? callerId : '');
    if (!view) throw notFound();
    return { show_info: showInfoOf(view) };
  }

  async calendar(memberId: string, start: number, step: number): Promise<ShowListData> {
    return { list: (await this.repos.tickets.calendar(memberId, start, step)).map(showInfoOf) };
  }

  async byAnchor(
    memberId: string,
    anchorId: string,
    sortType: number,
    start: number,
    step: number,
  ): Promise<ShowListData> {
    await visibleAnchor(this.repos, anchorId);
    const past = sortType === SHOW_SORT.past;
    const list = await this.repos.tickets.byAnchor(memberId, anchorId, past, start, step);
    return { list: list.map(showInfoOf) };
  }

  async myTickets(memberId: string, history: boolean, start: number, step: number): Promise<ShowListData> {
    return { list: (await this.repos.tickets.tickets(memberId, history, start, step)).map(showInfoOf) };
  }

  async ownShows(anchorId: string, start: number, step: number): Promise<LadyShowListData> {
    return { list: (await this.repos.tickets.ownShows(anchorId, start, step)).map(ladyInfoOf) };
  }

  /** POST /man/v1/buyTicket: the spec's answers, in the order a member can act on them. */
  async buy(memberId: string, liveShowId: string): Promise<BuyTicketAnswer> {
    const result = await this.repos.tickets.buy(liveShowId, memberId);
    switch (result.status) {
      case 'bought':
        await notifyCredit(this.rt.notifier, memberId, result.creditHundredths);
        await this.earnFromTicket(memberId, liveShowId);
        return { live_show_id: liveShowId, ticket_status: 1, left_credit: creditOf(result.creditHundredths) };
      case 'not_found':
        throw notFound();
      case 'cancelled':
        throw fail(ShowErrno.CANCELLED, ShowMessages.cancelled);
      case 'finished':
        throw fail(ShowErrno.FINISHED, ShowMessages.finished);
      case 'ongoing':
        throw fail(ShowErrno.ONGOING, ShowMessages.ongoing);
      case 'already':
        throw fail(ShowErrno.ALREADY_BOUGHT, ShowMessages.alreadyBought);
      case 'sold_out':
        throw fail(ShowErrno.SOLD_OUT, ShowMessages.soldOut);
      case 'no_credit':
        throw fail(ShowErrno.NO_CREDIT, ShowMessages.noCredit);
    }
  }

  /** One ticket, one award (its key is the show's: a member holds one ticket per show). */
  private async earnFromTicket(memberId: string, liveShowId: string) {
    if (!this.earnIntimacy) return;
    const show = await this.repos.tickets.view(liveShowId);
    if (show)
      await this.earnIntimacy({
        memberId,
        anchorId: show.anchorId,
        source: 'showTicket',
        key: `ticket:${liveShowId}`,
      });
  }

  /** POST /man/v1/followShow: locked within SHOW_FOLLOW_LOCK_S and for finished or cancelled shows. */
  async follow(memberId: string, liveShowId: string, cancel: 0 | 1): Promise<FollowShowAnswer> {
    const result = await this.repos.tickets.follow(liveShowId, memberId, cancel === 0, SHOW_FOLLOW_LOCK_S);
    switch (result.status) {
      case 'done':
        return { live_show_id: liveShowId, has_follow: result.hasFollow ? 1 : 0 };
      case 'not_found':
        throw notFound();
      case 'cancelled':
        throw fail(ShowErrno.CANCELLED, ShowMessages.cancelled);
      case 'finished':
        throw fail(ShowErrno.FINISHED, ShowMessages.finished);
      case 'locked':
        throw fail(ShowErrno.FOLLOW_LOCKED, ShowMessages.followLocked);
    }
  }

  /** POST /lady/v1/createShow. */
  async create(anchorId: string, input: NewShowInput): Promise<CreateShowAnswer> {
    const result = await this.repos.tickets.create({
      anchorId,
      title: input.show_title,
      introduce: input.show_introduce,
      priceHundredths: toHundredths(input.price),
      startTime: new Date(input.start_time * 1000),
      durationMin: input.duration,
      capacity: input.ticket_num,
      minLeadS: SHOW_LIMITS.minLeadS,
      maxLeadS: SHOW_LIMITS.maxLeadS,
    });
    if (result.status !== 'created') {
      throw result.status === 'time'
        ? fail(ShowErrno.SHOW_TIME, ShowMessages.showTime)
        : fail(ShowErrno.SHOW_OVERLAP, ShowMessages.overlap);
    }
    const view = await this.repos.tickets.view(result.liveShowId);
    if (!view) throw new Error('shows: the new show is gone');
    return { show_info: ladyInfoOf(view) };
  }

  /**
   * The show clock (TEST_CLOCK only): her upcoming show starts a minute from now, so its 'soon'
   * notice goes out at the next tick (the browser tests hear it).
   */
  async startSoon(anchorId: string, liveShowId: string): Promise<Record<string, never>> {
    if (!(await this.repos.shows.startSoon(liveShowId, anchorId, 60))) throw notFound();
    return {};
  }

  /** POST /lady/v1/cancelShow: status 5, every ticket refunded (ticket_status 2), the members told. */
  async cancel(anchorId: string, liveShowId: string): Promise<CancelShowAnswer> {
    const result = await this.repos.tickets.cancel(liveShowId, anchorId);
    switch (result.status) {
      case 'not_found':
        throw notFound();
      case 'already_cancelled':
        throw fail(ShowErrno.CANCELLED, ShowMessages.cancelled);
      case 'finished':
        throw fail(ShowErrno.FINISHED, ShowMessages.finished);
      case 'started':
        throw fail(ShowErrno.CANCEL_STARTED, ShowMessages.cancelStarted);
      case 'cancelled':
        break;
    }
    const view = await this.repos.tickets.view(liveShowId);
    for (const refund of result.refunds) {
      const notice: ShowCancelNotice = {
        live_show_id: liveShowId,
        show_title: view?.title ?? '',
        anchor_id: anchorId,
        anchor_nickname: view?.anchorNickname ?? '',
        refund: creditOf(refund.amountHundredths),
        credit: creditOf(refund.creditHundredths),
      };
      await this.rt.notifier.deliver(refund.memberId, SHOW_CANCEL_ROUTE, notice);
      await notifyCredit(this.rt.notifier, refund.memberId, refund.creditHundredths);
    }
    return { live_show_id: liveShowId, status: 5, refunded_num: result.refunds.length };
  }
}
