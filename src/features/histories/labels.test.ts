import { describe, expect, it } from 'vitest';
import { ROOM_TYPE_HANGOUT } from '../../../protocol/hangouts/hangout';
import type { ChatminHistoryItem, CreditHistoryItem } from '../../../protocol/histories/histories';
import { moneyLabel, moneyWords } from '../../../protocol/money';
import { chatminLabel, chatminText, creditLabel, readableReason, signed } from './labels';

const item = (over: Partial<CreditHistoryItem>): CreditHistoryItem => ({
  id: 1,
  time: 0,
  reason: 'opening',
  ref: '',
  amount: -1,
  balance: 10,
  count: 1,
  title: '',
  anchor: null,
  room_type: 0,
  ...over,
});
const anna = { anchor_id: 'A2001', nickname: 'Anna' };

describe('creditLabel', () => {
  it('names each kind of move, with the show and the broadcaster when known', () => {
    expect(creditLabel(item({ reason: 'opening' }))).toBe('Opening balance');
    expect(creditLabel(item({ reason: 'ticket', title: 'Salsa Night', anchor: anna }))).toBe(
      'Ticket for “Salsa Night” with Anna',
    );
    expect(creditLabel(item({ reason: 'ticket_refund', title: 'Salsa Night' }))).toBe(
      'Refund of your ticket for “Salsa Night”',
    );
    expect(creditLabel(item({ reason: 'ticket' }))).toBe('Ticket for a show');
    expect(creditLabel(item({ reason: 'private_message', anchor: anna }))).toBe('Message to Anna');
    expect(creditLabel(item({ reason: 'premium_video', ref: 'PV200101' }))).toBe('Premium video unlocked');
    expect(creditLabel(item({ reason: 'request_hold', anchor: anna }))).toBe('One-on-One request to Anna');
    expect(creditLabel(item({ reason: 'request_refund', anchor: anna }))).toBe(
      'One-on-One request to Anna returned',
    );
    expect(creditLabel(item({ reason: 'booking_deposit', anchor: anna }))).toBe(
      'One-on-One booking deposit for Anna',
    );
    expect(creditLabel(item({ reason: 'booking_refund' }))).toBe(
      'One-on-One booking deposit for a broadcaster returned',
    );
    expect(creditLabel(item({ reason: 'mail_send', anchor: anna }))).toBe('Mail to Anna');
    expect(creditLabel(item({ reason: 'mail_read', anchor: anna }))).toBe('Read a mail from Anna');
    expect(creditLabel(item({ reason: 'mail_photo', anchor: anna }))).toBe('Private photo from Anna');
    expect(creditLabel(item({ reason: 'mail_video', anchor: anna }))).toBe('Private video from Anna');
    expect(creditLabel(item({ reason: 'stamps', ref: 'PS25' }))).toBe('Bought 25 post stamps');
    expect(creditLabel(item({ reason: 'stamps', ref: 'gone' }))).toBe('Bought post stamps');
  });

  it('names a live visit by its room, with its minutes', () => {
    const live = (room_type: number) =>
      creditLabel(item({ reason: 'live_minute', anchor: anna, count: 12, room_type }));
    expect(live(2)).toBe('One-on-One with Anna · 12 min');
    expect(live(4)).toBe('One-on-One with Anna · 12 min');
    expect(live(3)).toBe('Premium broadcast of Anna · 12 min');
    expect(live(1)).toBe('Public broadcast of Anna · 12 min');
    // A hang-out's minutes are billed as a live visit too (room type 5), and read as one.
    expect(live(ROOM_TYPE_HANGOUT)).toBe('Hang-out with Anna · 12 min');
  });

  it('names a credit purchase and its take-back with the money word', () => {
    expect(creditLabel(item({ reason: 'credit_purchase' }))).toBe('Bought credits');
    expect(creditLabel(item({ reason: 'credit_takeback' }), moneyWords('coins'))).toBe(
      'Coins taken back after a refund or dispute',
    );
  });

  it('reads a reason it does not know as words, never blank', () => {
    expect(creditLabel(item({ reason: 'order_refund' }))).toBe('Order refund');
    expect(creditLabel(item({ reason: 'credit-purchase' }))).toBe('Credit purchase');
    expect(readableReason('')).toBe('Balance change');
  });
});

describe('chatminLabel', () => {
  const chat = (over: Partial<ChatminHistoryItem>): ChatminHistoryItem => ({
    id: 1,
    time: 0,
    reason: 'opening',
    ref: '',
    minutes: 45,
    balance: 45,
    anchor: null,
    ...over,
  });
  it('names the opening balance and reads other moves as words', () => {
    expect(chatminLabel(chat({}))).toBe('Opening balance');
    expect(chatminLabel(chat({ reason: 'live_chat', anchor: anna }))).toBe('Live chat with Anna');
    expect(chatminLabel(chat({ reason: 'package' }))).toBe('Package');
    expect(chatminLabel(chat({ reason: 'chatmin_purchase' }))).toBe('Bought chat minutes');
    expect(chatminLabel(chat({ reason: 'chatmin_takeback' }))).toBe(
      'Chat minutes taken back after a refund or dispute',
    );
  });
});

describe('signed', () => {
  it('puts a plus or a true minus before the amount, with the money word', () => {
    const words = moneyWords('coins');
    const money = (n: number) => moneyLabel(n, words);
    expect(signed(-3, money)).toBe('−3.00 coins');
    expect(signed(2.5, money)).toBe('+2.50 coins');
    expect(signed(1, money)).toBe('+1.00 coin');
    expect(signed(-5, chatminText)).toBe('−5 min');
  });
});
