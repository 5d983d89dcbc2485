/** The terms overlay's line on the welcome voucher (decisions in protocol/vouchers/voucher-anchors.ts). */
export const WELCOME_VOUCHER_LINE =
  'A welcome voucher awaits you: accept the terms and it is in your backpack, good for your first minutes in a paid room.';
