/** The demo members. M1001 is the paid member the tests log in as; M1002 is a visitor-like free one. */
import type { MemberPriv } from '../../protocol/types';

export interface MemberSeed {
  userid: string;
  nickname: string;
  creditHundredths: number;
  poststamp: number;
  chatmin: number;
  isPaid: boolean;
  consumeLevel: number;
  agreeProvision: boolean;
  guideMail: boolean;
  priv: MemberPriv;
}

export const ALL_PRIVILEGES: MemberPriv = {
  show_pop: 1,
  send_gift_flower: 1,
  hangout: 1,
  say_hi: 1,
  public: 1,
  oneonone: 1,
  premium_video: 1,
  call: 1,
  invitation_bubble: 1,
  chatmin: 1,
  priv_mb_h5_show_gift: 1,
};

export const DEMO_MEMBERS: readonly MemberSeed[] = [
  {
    userid: 'M1001',
    nickname: 'James',
    creditHundredths: 12_050,
    poststamp: 12,
    chatmin: 45,
    isPaid: true,
    consumeLevel: 3,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    userid: 'M1002',
    nickname: 'Daniel',
    creditHundredths: 320,
    poststamp: 0,
    chatmin: 0,
    isPaid: false,
    consumeLevel: 0,
    agreeProvision: true,
    guideMail: true,
    priv: { ...ALL_PRIVILEGES, chatmin: 0, oneonone: 0 },
  },
  {
    userid: 'M1003',
    nickname: 'Michael',
    creditHundredths: 5_000,
    poststamp: 3,
    chatmin: 10,
    isPaid: true,
    consumeLevel: 1,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    userid: 'M1004',
    nickname: 'Robert',
    creditHundredths: 0,
    poststamp: 5,
    chatmin: 0,
    isPaid: false,
    consumeLevel: 0,
    agreeProvision: true,
    guideMail: true,
    priv: { ...ALL_PRIVILEGES, oneonone: 0, premium_video: 0, call: 0, chatmin: 0 },
  },
  {
    userid: 'M1005',
    nickname: 'William',
    creditHundredths: 99_999,
    poststamp: 40,
    chatmin: 120,
    isPaid: true,
    consumeLevel: 5,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  // Credit for one minute of a premium room: he sees the low-credit warning, then his room ends.
  {
    userid: 'M1006',
    nickname: 'Thomas',
    creditHundredths: 7,
    poststamp: 0,
    chatmin: 0,
    isPaid: true,
    consumeLevel: 1,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    userid: 'M1007',
    nickname: 'Charles',
    creditHundredths: 2_000,
    poststamp: 0,
    chatmin: 0,
    isPaid: true,
    consumeLevel: 2,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    // Has not accepted the terms yet: he meets the terms overlay and the first-visit guide
    // (tests/e2e/guides.spec.ts), and /share/v1/agreeProvision has someone to act on.
    userid: 'M1009',
    nickname: 'Oliver',
    creditHundredths: 0,
    poststamp: 0,
    chatmin: 0,
    isPaid: false,
    consumeLevel: 0,
    agreeProvision: false,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    // Has never signed in: his first sign-in grants the new-user gift package and he meets its
    // pop-up (tests/e2e/backpack.spec.ts). Every other demo member holds the package already.
    userid: 'M1010',
    nickname: 'Henry',
    creditHundredths: 1_000,
    poststamp: 0,
    chatmin: 0,
    isPaid: false,
    consumeLevel: 0,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    // A paid member whose credits ran out: his paid message waits while he adds credits
    // (tests/e2e/messages.spec.ts); the other members with little credit keep it for their stories.
    userid: 'M1011',
    nickname: 'Edward',
    creditHundredths: 0,
    poststamp: 0,
    chatmin: 0,
    isPaid: true,
    consumeLevel: 1,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    // Gives gifts in live rooms (tests/e2e/room-gifts.spec.ts): his credit is that story's own.
    userid: 'M1012',
    nickname: 'George',
    creditHundredths: 5_000,
    poststamp: 0,
    chatmin: 0,
    isPaid: true,
    consumeLevel: 1,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    // Holds broadcast vouchers he has not been told about: the voucher pop shows him where to use
    // them (tests/e2e/vouchers.spec.ts). Every other demo member has seen his.
    userid: 'M1013',
    nickname: 'Alfred',
    creditHundredths: 1_000,
    poststamp: 0,
    chatmin: 0,
    isPaid: true,
    consumeLevel: 1,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
  {
    // Meets the ad pop-ups (tests/e2e/adverts.spec.ts): every other demo member has seen them.
    userid: 'M1015',
    nickname: 'Arthur',
    creditHundredths: 1_000,
    poststamp: 0,
    chatmin: 0,
    isPaid: true,
    consumeLevel: 1,
    agreeProvision: true,
    guideMail: false,
    priv: ALL_PRIVILEGES,
  },
];

/** Broadcasters M1001 follows: online, live and offline ones, with and without booking. */
export const DEMO_FOLLOWS: readonly (readonly [memberId: string, anchorId: string])[] = [
  ['M1001', 'A2003'],
  ['M1001', 'A2005'],
  ['M1001', 'A2008'],
  ['M1001', 'A2012'],
  ['M1001', 'A2020'],
  ['M1001', 'A2031'],
  ['M1003', 'A2002'],
  ['M1003', 'A2005'],
];
