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
} as const;
