/**
 * The show screens' shared state: which show's detail dialog is open, which show the buy-ticket
 * pop-up is for, and a version that lists watch to reload after a purchase or a cancellation.
 */
import { proxy } from 'valtio';
import type { LiveShow } from './rules';

export const showsUi = proxy({
  detailId: null as string | null,
  buy: null as LiveShow | null,
  /** Bumped whenever a ticket was bought or refunded: lists reload. */
  version: 0,
});

export const openDetail = (liveShowId: string) => {
  showsUi.detailId = liveShowId;
};
export const closeDetail = () => {
  showsUi.detailId = null;
};
export const openBuy = (show: LiveShow) => {
  showsUi.buy = show;
};
export const closeBuy = () => {
  showsUi.buy = null;
};
export const showsChanged = () => {
  showsUi.version++;
};
