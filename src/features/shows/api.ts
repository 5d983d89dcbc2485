/** The show and ticket calls (paths and answer shapes in protocol/shows/shows.ts). */
import {
  type BuyTicketAnswer,
  type CancelShowAnswer,
  type CreateShowAnswer,
  type FollowShowAnswer,
  type LadyShowListData,
  PROFILE_SHOWS_STEP,
  SHOW_LIST_STEP,
  SHOW_SORT,
  ShowApi,
  type ShowDetailData,
  type ShowListData,
  TICKET_LIST,
} from '../../../protocol/shows/shows';
import { call } from '../../api/http';

export type { LadyShowInfo, ShowInfo } from '../../../protocol/shows/shows';

export const getShowList = async (start: number, step = SHOW_LIST_STEP) =>
  (await call<ShowListData>(ShowApi.showList, { start, step })).list ?? [];

export const getAnchorShows = async (anchorId: string, start: number, step = PROFILE_SHOWS_STEP) =>
  (
    await call<ShowListData>(ShowApi.showListWithAnchorId, {
      anchor_id: anchorId,
      sort_type: SHOW_SORT.upcoming,
      start,
      step,
    })
  ).list ?? [];

export const getMyTickets = async (history: boolean, start: number, step = SHOW_LIST_STEP) =>
  (
    await call<ShowListData>(ShowApi.myTicketList, {
      type: history ? TICKET_LIST.history : TICKET_LIST.current,
      start,
      step,
    })
  ).list ?? [];

export const getShowDetail = async (liveShowId: string) =>
  (await call<ShowDetailData>(ShowApi.getShowDetail, { live_show_id: liveShowId })).show_info;

export const buyTicket = (liveShowId: string) =>
  call<BuyTicketAnswer>(ShowApi.buyTicket, { live_show_id: liveShowId });

export const followShow = (liveShowId: string, follow: boolean) =>
  call<FollowShowAnswer>(ShowApi.followShow, { live_show_id: liveShowId, cancel: follow ? 0 : 1 });

export const getOwnShows = async (start: number, step = SHOW_LIST_STEP) =>
  (await call<LadyShowListData>(ShowApi.myShowList, { start, step })).list ?? [];

export interface NewShowForm {
  show_title: string;
  show_introduce: string;
  /** Seconds since the epoch. */
  start_time: number;
  duration: number;
  /** Credits, as typed ("2.50"). */
  price: string;
  ticket_num: number;
}

export const createShow = (form: NewShowForm) => call<CreateShowAnswer>(ShowApi.createShow, { ...form });

export const cancelShow = (liveShowId: string) =>
  call<CancelShowAnswer>(ShowApi.cancelShow, { live_show_id: liveShowId });
