/** The Say Hi calls (protocol/sayhi/sayhi.ts). They carry dev-type 10 (src/api/client.ts). */
import { LIST_STEP_MAX } from '../../../protocol/constants';
import {
  type CanSendSayHi,
  type LadySayHiItem,
  SAY_HI_PAGE_SIZE,
  SayHiApi,
  type SayHiItem,
  type SayHiListData,
  type SendSayHiAnswer,
} from '../../../protocol/sayhi/sayhi';
import { call } from '../../api/http';

export type SayHiListType = 'all' | 'wait' | 'data';

export const isCanSendSayHi = (anchorId: string) =>
  call<CanSendSayHi>(SayHiApi.isCanSendSayHi, { anchor_id: anchorId });

export const sendSayHi = (anchorId: string, greeting: number, theme: number) =>
  call<SendSayHiAnswer>(SayHiApi.sendSayHi, { anchor_id: anchorId, greeting, theme });

export const getSayHiList = (type: SayHiListType, start = 0, step = SAY_HI_PAGE_SIZE) =>
  call<SayHiListData>(SayHiApi.getSayHiList, { type, start, step });

export const getSayHiDetail = (sayid: string) => call<SayHiItem>(SayHiApi.getSayHiDetail, { sayid });

/** The Say Hi already sent to a broadcaster (the 17404 dialog links to it). */
export async function findSayHiTo(anchorId: string): Promise<SayHiItem | undefined> {
  const data = await getSayHiList('all', 0, LIST_STEP_MAX);
  return data.list.find((item) => item.anchor_id === anchorId);
}

/** The broadcaster's side: the Say Hi she received, and her one answer to each. */
export const getLadySayHiList = () => call<{ list: LadySayHiItem[] }>(SayHiApi.ladySayHiList);

export const respondSayHi = (sayid: string, response: string) =>
  call<{ sayid: string }>(SayHiApi.ladyRespondSayHi, { sayid, response });
