/** The mail, greeting mail, stamps and letter media calls (protocol/mail.ts). */
import { Messages } from '../../protocol/errors';
import {
  type BuyMediaAnswer,
  MAIL_PAGE_SIZE,
  MAIL_UPLOAD_PATH,
  MailApi,
  type MailDetail,
  type MailList,
  MailMessages,
  type ReadAnswer,
  type StampHistory,
  type StampPack,
  type UnreadNum,
  type UploadAnswer,
} from '../../protocol/mail';
import { ApiError, callUrl } from './client';
import { call } from './http';

export type Box = 'inbox' | 'outbox' | 'loi';
const LIST_PATH: Record<Box, string> = {
  inbox: MailApi.getInboxList,
  outbox: MailApi.getOutboxList,
  loi: MailApi.getLoiList,
};

export const getMailList = (box: Box, start = 0, step = MAIL_PAGE_SIZE) =>
  call<MailList>(LIST_PATH[box], { start, step });
export const getEmfUnreadNum = () => call<UnreadNum>(MailApi.getEmfUnreadNum);
export const getLoiUnreadNum = () => call<UnreadNum>(MailApi.getLoiUnreadNum);
export const getMailDetail = (box: Box, emfId: string) =>
  call<MailDetail>(box === 'loi' ? MailApi.getLoiDetail : MailApi.getEmfDetail, { emf_id: emfId });
export const readEmf = (emfId: string, clickType = 0) =>
  call<ReadAnswer>(MailApi.readEmf, { emf_id: emfId, click_type: clickType });
export const buyPrivatePhotoVideo = (emfId: string, resourceId: string, clickType = 0) =>
  call<BuyMediaAnswer>(MailApi.buyPrivatePhotoVideo, {
    emf_id: emfId,
    resource_id: resourceId,
    click_type: clickType,
  });
export const checkEmfAnchor = (anchorId: string) =>
  call<{
    anchor_id: string;
    nickname: string;
    photourl: string;
    price_stamps: number;
    price_credits: number;
  }>(MailApi.checkEmfAnchor, { anchor_id: anchorId });
export const sendEmf = (anchorId: string, content: string, photoIds: string[], key: string) =>
  call<{ emf_id: string; credit: number; poststamp: number }>(MailApi.sendEmf, {
    anchor_id: anchorId,
    content,
    photo_ids: photoIds.join(','),
    key,
  });
export const getPostStampsPriceList = () => call<{ list: StampPack[] }>(MailApi.getPostStampsPriceList);
export const buyPostStamps = (itemCode: string, key: string) =>
  call<{ credit: number; poststamp: number }>(MailApi.buyPostStamps, { item_code: itemCode, key });
export const getStampHistories = () => call<{ list: StampHistory[] }>(MailApi.getStampHistories);

/** Uploads a photo's bytes (checked by content on the server); the spec's texts on failure. */
export async function uploadMailPhoto(file: Blob): Promise<UploadAnswer> {
  let answer: { errno: number; errmsg: string; data: UploadAnswer };
  try {
    const response = await fetch(callUrl(MAIL_UPLOAD_PATH, Date.now()), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body: file,
    });
    answer = await response.json();
  } catch {
    throw new ApiError(-1, MailMessages.network, true);
  }
  if (answer.errno !== 0) throw new ApiError(answer.errno, answer.errmsg || Messages.serverError);
  return answer.data;
}

/** Broadcasters. */
export const ladySendMail = (
  manId: string,
  kind: 'emf' | 'loi',
  content: string,
  media: string[],
  replyTo?: string,
) =>
  call<{ emf_id: string }>(MailApi.ladySendMail, {
    man_id: manId,
    kind,
    content,
    media: media.join(','),
    ...(replyTo ? { reply_to: replyTo } : {}),
  });
export const ladyMailList = () =>
  call<{
    list: {
      emf_id: string;
      kind: 'emf' | 'loi';
      man_id: string;
      man_nickname: string;
      from_member: number;
      content: string;
      send_time: number;
      is_read: number;
      photos: string[];
    }[];
  }>(MailApi.ladyMailList);
