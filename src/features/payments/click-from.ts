/**
 * Where "Add credits" was pressed, sent as the add-credit query's clickFrom. The spec names the key
 * and its default (A01) but no other values: these are ours.
 */
export const ClickFrom = {
  default: 'A01',
  booking: 'B01',
  request: 'B02',
  showDetail: 'S01',
  showTicket: 'S02',
  mail: 'M01',
  stamps: 'M02',
  message: 'C01',
  liveLow: 'L01',
  liveEnded: 'L02',
  /** A price confirmation his balance does not cover. */
  confirm: 'P01',
  /** The call service's Credits Purchase pop-up (17302). */
  call: 'K01',
  /** The wallet (the header's credits pill, the user menu). */
  wallet: 'W01',
} as const;
