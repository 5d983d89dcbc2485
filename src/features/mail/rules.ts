/**
 * The mail rules the client applies before asking the server (protocol/mail/mail.ts has the server's):
 * the leave-message popup's text, the photo pre-checks (the server checks again by content) and
 * which purchase prompt each buy code opens.
 */
import {
  CLICK_TYPE,
  LEAVE_MESSAGE_MAX,
  MAIL_MAX_PHOTOS,
  MAIL_PRICE,
  MailErrno,
  MailMessages,
  MediaErrno,
  MediaMessages,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PX,
  PHOTO_MIN_PX,
  PHOTO_TYPES,
} from '../../../protocol/mail/mail';

/** Leave-message popup: leading white space stripped, at most 600 characters; '' means just close. */
export function leaveMessageText(raw: string): string {
  return raw.replace(/^\s+/, '').slice(0, LEAVE_MESSAGE_MAX);
}

export interface PickedPhoto {
  /** name, size and last-modified: the same file picked twice has the same fingerprint. */
  fingerprint: string;
}

/** The first problem with a picked file before its dimensions are known, or undefined. */
export function precheckPhoto(
  file: { type: string; size: number; name: string; lastModified: number },
  attached: readonly PickedPhoto[],
): string | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return MailMessages.badFormat;
  if (file.size >= PHOTO_MAX_BYTES) return MailMessages.tooLarge;
  if (attached.some((p) => p.fingerprint === fingerprintOf(file))) return MailMessages.duplicatePhoto;
  if (attached.length >= MAIL_MAX_PHOTOS) {
    return MailMessages.tooManyPhotos.replace('{max}', String(MAIL_MAX_PHOTOS));
  }
  return undefined;
}

export const fingerprintOf = (file: { name: string; size: number; lastModified: number }) =>
  `${file.name}:${file.size}:${file.lastModified}`;

/** Larger than 120 px and less than 3600 px each way. */
export const dimensionsFit = (width: number, height: number) =>
  [width, height].every((n) => n > PHOTO_MIN_PX && n < PHOTO_MAX_PX);

export type PromptAction = 'buyStamps' | 'addCredits' | 'payWithCredits' | 'payWithStamps';

export interface Prompt {
  title: string;
  message: string;
  actions: PromptAction[];
}

/** The purchase prompt each code opens (spec 002 §8 "Buying private media", "Mail and attachments"). */
export function promptFor(errno: number, errmsg = ''): Prompt | undefined {
  const media = MediaMessages[errno];
  const photo = errno >= MediaErrno.VIEW_NO_STAMPS_HAS_CREDITS && errno <= MediaErrno.VIEW_EXPIRED;
  const title = photo ? 'View private photo' : 'Watch private video';
  switch (errno) {
    case MediaErrno.VIEW_NO_STAMPS_HAS_CREDITS:
    case MediaErrno.PLAY_NO_STAMPS_HAS_CREDITS:
      return { title, message: media ?? errmsg, actions: ['payWithCredits', 'buyStamps'] };
    case MediaErrno.VIEW_NO_CREDITS_HAS_STAMPS:
    case MediaErrno.PLAY_NO_CREDITS_HAS_STAMPS:
      return { title, message: media ?? errmsg, actions: ['payWithStamps', 'addCredits'] };
    case MediaErrno.VIEW_NO_STAMPS_NO_CREDITS:
    case MediaErrno.PLAY_NO_STAMPS_NO_CREDITS:
      return { title, message: media ?? errmsg, actions: ['buyStamps', 'addCredits'] };
    case MediaErrno.VIEW_NO_CREDITS_NO_STAMPS:
    case MediaErrno.PLAY_NO_CREDITS_NO_STAMPS:
      return { title, message: media ?? errmsg, actions: ['addCredits', 'buyStamps'] };
    case MediaErrno.VIEW_EXPIRED:
    case MediaErrno.PLAY_EXPIRED:
      return { title: photo ? 'Photo expired' : 'Video expired', message: media ?? errmsg, actions: [] };
    default:
      return MAIL_PROMPTS[errno];
  }
}

/** Reading and sending mail, and a schedule request's deposit: each code's prompt. */
const MAIL_PROMPTS: Record<number, Prompt> = {
  [MailErrno.NO_MONEY_READ]: {
    title: 'Read this mail',
    message: MailMessages.noMoneyRead,
    actions: ['buyStamps', 'addCredits'],
  },
  [MailErrno.READ_NO_STAMPS_HAS_CREDITS]: {
    title: 'Read this mail',
    message: MailMessages.readNoStampsHasCredits,
    actions: ['payWithCredits', 'buyStamps'],
  },
  [MailErrno.READ_NO_CREDITS_HAS_STAMPS]: {
    title: 'Read this mail',
    message: MailMessages.readNoCreditsHasStamps,
    actions: ['payWithStamps', 'addCredits'],
  },
  [MailErrno.NO_MONEY_SEND]: {
    title: 'Send this mail',
    message: MailMessages.noMoneySend,
    actions: ['buyStamps', 'addCredits'],
  },
  [MailErrno.SEND_NO_STAMPS_HAS_CREDITS]: {
    title: 'Send this mail',
    message: MailMessages.sendNoStampsHasCredits,
    actions: ['payWithCredits', 'buyStamps'],
  },
  [MailErrno.SEND_NO_CREDITS_HAS_STAMPS]: {
    title: 'Send this mail',
    message: MailMessages.sendNoCreditsHasStamps,
    actions: ['payWithStamps', 'addCredits'],
  },
  [MailErrno.SCHEDULE_NO_CREDIT]: {
    title: 'Schedule request',
    message: MailMessages.scheduleNoCredit,
    actions: ['addCredits'],
  },
};

/**
 * Before a photo is added: whether the mail with `units` paid parts (the mail and its photos) can
 * still be paid the way chosen (`clickType`), with `reserve` credits kept for a schedule request's
 * deposit. Undefined when it can; else the prompt (buy stamps, add credits, or pay the other way).
 */
export function addPhotoPrompt(
  balances: { credit: number; poststamp: number },
  units: number,
  clickType: number,
  reserve = 0,
): Prompt | undefined {
  const stamps = balances.poststamp >= MAIL_PRICE.stamps * units;
  const credits = Math.round(balances.credit * 100) - Math.round(reserve * 100) >= MAIL_PRICE.credits * units;
  const title = 'Add photos';
  if (clickType === CLICK_TYPE.stamps && !stamps && credits)
    return {
      title,
      message: MailMessages.addPhotosNoStampsHasCredits,
      actions: ['payWithCredits', 'buyStamps'],
    };
  if (clickType === CLICK_TYPE.credits && !credits && stamps)
    return {
      title,
      message: MailMessages.addPhotosNoCreditsHasStamps,
      actions: ['payWithStamps', 'addCredits'],
    };
  const chosen =
    clickType === CLICK_TYPE.stamps ? stamps : clickType === CLICK_TYPE.credits ? credits : stamps || credits;
  if (chosen) return undefined;
  return { title, message: MailMessages.addPhotosShort, actions: ['buyStamps', 'addCredits'] };
}

/** Nav badge text: '' for none, '9+' over 9 (spec 002 §9). */

/**
 * A paid step's one action and its price: post stamps when he holds enough (the server takes them
 * first), else credits. `price.credits` is in hundredths; the label reads "1 stamp", "0.80 credits".
 */
export function payLabel(price: { stamps: number; credits: number }, poststamp: number): string {
  if (poststamp >= price.stamps) return `${price.stamps} stamp${price.stamps === 1 ? '' : 's'}`;
  return `${(price.credits / 100).toFixed(2)} credits`;
}
