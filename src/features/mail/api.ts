/** The mail, greeting mail, stamps and letter media calls (protocol/mail/mail.ts). */
import { Messages } from '../../../protocol/errors';
import {
  type BuyMediaAnswer,
  type LadyPhotoUploadAnswer,
  type LetterGift,
  MAIL_LADY_PHOTO_UPLOAD_PATH,
  MAIL_PAGE_SIZE,
  MAIL_UPLOAD_PATH,
  MAIL_VIDEO_UPLOAD_PATH,
  MailApi,
  type MailDetail,
  type MailList,
  MailMessages,
  type MailSchedule,
  type ReadAnswer,
  type StampHistory,
  type StampPack,
  type UploadAnswer,
  type VideoUploadAnswer,
} from '../../../protocol/mail/mail';
import type { UserConfig } from '../../../protocol/types';
import { ApiError, callUrl } from '../../api/client';
import { call } from '../../api/http';

export type Box = 'inbox' | 'outbox' | 'loi';
const LIST_PATH: Record<Box, string> = {
  inbox: MailApi.getInboxList,
  outbox: MailApi.getOutboxList,
  loi: MailApi.getLoiList,
};

export const getMailList = (box: Box, start = 0, step = MAIL_PAGE_SIZE) =>
  call<MailList>(LIST_PATH[box], { start, step });
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
/** Sends a mail; `clickType` pays the other way (1 stamps, 2 credits); `schedule` attaches a
 * scheduled One-on-One request (the deposit 30% off). */
export const sendEmf = (
  anchorId: string,
  content: string,
  photoIds: string[],
  key: string,
  options: {
    clickType?: number;
    schedule?: { bookTime: number; timeId: string };
    gift?: { giftId: string; num: number };
  } = {},
) =>
  call<{ emf_id: string; credit: number; poststamp: number; invitation_id?: string }>(MailApi.sendEmf, {
    anchor_id: anchorId,
    content,
    photo_ids: photoIds.join(','),
    key,
    ...(options.clickType ? { click_type: options.clickType } : {}),
    ...(options.schedule ? { book_time: options.schedule.bookTime, time_id: options.schedule.timeId } : {}),
    ...(options.gift ? { gift_id: options.gift.giftId, gift_num: options.gift.num, use_backpack: 1 } : {}),
  });
/** The member finished the mail guide (answers the user config, guide_mail 1). */
export const setGuideMailDone = () => call<UserConfig>(MailApi.setGuideMailDone);
export const getPostStampsPriceList = () => call<{ list: StampPack[] }>(MailApi.getPostStampsPriceList);
export const buyPostStamps = (itemCode: string, key: string) =>
  call<{ credit: number; poststamp: number }>(MailApi.buyPostStamps, { item_code: itemCode, key });
export const getStampHistories = () => call<{ list: StampHistory[] }>(MailApi.getStampHistories);

/** POSTs a file's raw bytes to an upload route; the server's text (the spec's) on refusal. */
async function uploadRaw<T>(path: string, file: Blob): Promise<T> {
  let answer: { errno: number; errmsg: string; data: T };
  try {
    const response = await fetch(callUrl(path, Date.now()), {
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

/** Uploads a photo's bytes (checked by content on the server); the spec's texts on failure. */
export const uploadMailPhoto = (file: Blob) => uploadRaw<UploadAnswer>(MAIL_UPLOAD_PATH, file);

/** Broadcasters: uploads a video's bytes (WebM or MP4, checked by content); its id goes in ladySendMail. */
export const uploadMailVideo = (file: Blob) => uploadRaw<VideoUploadAnswer>(MAIL_VIDEO_UPLOAD_PATH, file);

/** Broadcasters: uploads a photo's bytes (the members' photo rules and texts); its id goes in ladySendMail. */
export const uploadLadyMailPhoto = (file: Blob) =>
  uploadRaw<LadyPhotoUploadAnswer>(MAIL_LADY_PHOTO_UPLOAD_PATH, file);

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
/** Broadcasters: opens a member's mail (marks it read, so its schedule request can be answered). */
export const ladyReadMail = (emfId: string) => call<LadyMailRow>(MailApi.ladyReadMail, { emf_id: emfId });
/** A row of the broadcaster's mail list. */
export interface LadyMailRow {
  emf_id: string;
  kind: 'emf' | 'loi';
  man_id: string;
  man_nickname: string;
  from_member: number;
  content: string;
  send_time: number;
  is_read: number;
  photos: string[];
  /** A member's schedule request sent with this mail, or null. */
  schedule: MailSchedule | null;
  /** The virtual gift he sent with it, or null. */
  gift: LetterGift | null;
}
export const ladyMailList = () => call<{ list: LadyMailRow[] }>(MailApi.ladyMailList);
