/**
 * What each history row was, in words. The reasons are the ledgers' own; a reason this app does not
 * know yet (the payments work adds its own) reads as itself, made readable ('order_refund' →
 * 'Order refund'), so a new kind of move never shows blank or as code.
 */

import { ROOM_TYPE_HANGOUT } from '../../../protocol/hangouts/hangout';
import type { ChatminHistoryItem, CreditHistoryItem } from '../../../protocol/histories/histories';
import { ROOM_TYPE_PREMIUM, ROOM_TYPE_PUBLIC } from '../../../protocol/live/live';
import { STAMP_PACKS } from '../../../protocol/mail/mail';
import { type MoneyWords, moneyWords } from '../../../protocol/money';
import { ChatminLedgerReason, PurchaseLedgerReason } from '../../../protocol/payments/payments';
import { PREMIUM_VIDEO_LEDGER_REASON } from '../../../protocol/premium-videos/premium-videos';

/** 'order_refund' → 'Order refund'. */
export function readableReason(reason: string): string {
  const words = reason.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Balance change';
}

const her = (item: { anchor: { nickname: string } | null }) => item.anchor?.nickname || 'a broadcaster';
const minutes = (n: number) => `${n} min`;

function liveLabel(item: CreditHistoryItem): string {
  const room =
    item.room_type === ROOM_TYPE_PREMIUM
      ? `Premium broadcast of ${her(item)}`
      : item.room_type === ROOM_TYPE_PUBLIC
        ? `Public broadcast of ${her(item)}`
        : item.room_type === ROOM_TYPE_HANGOUT
          ? `Hang-out with ${her(item)}`
          : `One-on-One with ${her(item)}`;
  return `${room} · ${minutes(item.count)}`;
}

function showLabel(prefix: string, item: CreditHistoryItem): string {
  const show = item.title ? `“${item.title}”` : 'a show';
  return item.anchor ? `${prefix} ${show} with ${item.anchor.nickname}` : `${prefix} ${show}`;
}

export function creditLabel(item: CreditHistoryItem, words: MoneyWords = moneyWords()): string {
  switch (item.reason) {
    case PurchaseLedgerReason.purchase:
      return `Bought ${words.plural}`;
    case PurchaseLedgerReason.takeBack:
      return `${words.Plural} taken back after a refund or dispute`;
    case 'opening':
      return 'Opening balance';
    case 'ticket':
      return showLabel('Ticket for', item);
    case 'ticket_refund':
      return showLabel('Refund of your ticket for', item);
    case 'private_message':
      return `Message to ${her(item)}`;
    case 'request_hold':
      return `One-on-One request to ${her(item)}`;
    case 'request_refund':
      return `One-on-One request to ${her(item)} returned`;
    case 'booking_deposit':
      return `One-on-One booking deposit for ${her(item)}`;
    case 'booking_refund':
      return `One-on-One booking deposit for ${her(item)} returned`;
    case 'live_minute':
      return liveLabel(item);
    case 'livechat_minute':
      return item.anchor ? `Live chat with ${item.anchor.nickname}` : 'Live chat minute';
    case 'mail_send':
      return `Mail to ${her(item)}`;
    case 'mail_read':
      return `Read a mail from ${her(item)}`;
    case 'mail_photo':
      return `Private photo from ${her(item)}`;
    case 'mail_video':
      return `Private video from ${her(item)}`;
    case 'room_gift':
      return `Gift for ${her(item)} in her room`;
    case PREMIUM_VIDEO_LEDGER_REASON:
      return 'Premium video unlocked';
    case 'stamps': {
      const pack = STAMP_PACKS.find((p) => p.item_code === item.ref);
      return pack ? `Bought ${pack.stamps} post stamps` : 'Bought post stamps';
    }
    default:
      return readableReason(item.reason);
  }
}

export function chatminLabel(item: ChatminHistoryItem): string {
  switch (item.reason) {
    case 'opening':
      return 'Opening balance';
    case ChatminLedgerReason.purchase:
      return 'Bought chat minutes';
    case ChatminLedgerReason.takeBack:
      return 'Chat minutes taken back after a refund or dispute';
    case 'livechat_minute':
      return item.anchor ? `Live chat with ${item.anchor.nickname}` : 'Live chat minute';
    default:
      return item.anchor
        ? `${readableReason(item.reason)} with ${item.anchor.nickname}`
        : readableReason(item.reason);
  }
}

/** '+3.00 credits', '−0.50 credits' (a true minus sign, read as 'minus'). */
export const signed = (amount: number, label: (magnitude: number) => string) =>
  `${amount < 0 ? '−' : '+'}${label(Math.abs(amount))}`;

/** '45 min'. */
export const chatminText = minutes;
