/**
 * The purchase popup (spec 000 §2, §9): the add-credit page in a 755x575 window centred on the
 * opener. While it is open the opener shows an overlay (PurchaseOverlay) and looks every 50 ms
 * whether it closed; then the overlay goes and the balance is read again. Where no popup can open
 * (blocked, the installed app, a phone) the page opens in place and comes back here.
 * Small on purpose: every "Add credits" imports it, and it must not bring the page's code along.
 */
import { proxy } from 'valtio';
import { PURCHASE_POPUP, PURCHASE_POPUP_POLL_MS } from '../../../protocol/payments/payments';
import { getAllMoney, getOwnUserInfo } from '../../api/session';
import { balancesState } from '../../state/balances';
import { configState } from '../../state/config';
import { type AddCreditParams, addCreditUrl } from './add-credit-url';

/** What a caller names: where the member came from and what for; the page and way back are ours. */
export type PurchaseOptions = Omit<AddCreditParams, 'page' | 'backtoUrl' | 'orderno'>;

export const purchaseState = proxy({
  /** The popup is open and the overlay shows (the close x hides the overlay, not the popup). */
  overlay: false,
});

const POPUP_NAME = 'glimmer-purchase';
let popup: Window | null = null;
let poll: ReturnType<typeof setInterval> | undefined;

interface OpenerFrame {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** window.open's features for a window of `size` centred on the opener's frame. */
export function centredFeatures(opener: OpenerFrame, size: { width: number; height: number }): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - size.height) / 2));
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`;
}

/** The installed app opens no windows of its own: a popup would land in a browser tab. */
const installed = () => window.matchMedia?.('(display-mode: standalone)').matches === true;
/**
 * A phone: a popup is a second tab he must find, with a "Click Me" overlay left behind. The
 * checkout opens in place instead and comes back to backtoUrl, which loads afresh (no overlay, no
 * stale "insufficient credits") and asks again for what he was doing.
 */
const phone = () => window.matchMedia?.('(max-width: 640px)').matches === true;

/** Reads the balance again (the header and every page that shows it follow balancesState). */
export async function refreshBalance() {
  try {
    const money = await getAllMoney();
    balancesState.credit = money.credit;
    balancesState.poststamp = money.poststamp;
  } catch {
    // The socket's creditNotice brings the same figure; the header keeps what it has until then.
  }
}

/** His chat minutes read again (getAllMoney does not carry them; the user info does). */
export async function refreshChatmin() {
  try {
    balancesState.chatmin = (await getOwnUserInfo()).left_chatmin;
  } catch {
    // The socket's chatminNotice brings the same figure.
  }
}

function watch(opened: Window) {
  clearInterval(poll);
  poll = setInterval(() => {
    if (!opened.closed) return;
    clearInterval(poll);
    popup = null;
    purchaseState.overlay = false;
    void refreshBalance();
  }, PURCHASE_POPUP_POLL_MS);
}

/**
 * Opens the add-credit page for `options`; answers how it opened. In place, this page is being
 * left: a caller may keep what he was doing (pending-action.ts, not imported here: this module is
 * in the start bundle) before the browser goes.
 */
export function openPurchase(options: PurchaseOptions = {}): 'popup' | 'in-place' {
  const page = configState.config?.addCreditPage;
  const here = window.location.href;
  const url = addCreditUrl({ ...options, page, referer: options.referer ?? here });
  const opened =
    installed() || phone() ? null : window.open(url, POPUP_NAME, centredFeatures(window, PURCHASE_POPUP));
  if (!opened) {
    window.location.assign(
      addCreditUrl({ ...options, page, referer: options.referer ?? here, backtoUrl: here }),
    );
    return 'in-place';
  }
  popup = opened;
  opened.focus();
  purchaseState.overlay = true;
  watch(opened);
  return 'popup';
}

/** "Click Me": brings the popup to the front. */
export function focusPurchase() {
  if (popup && !popup.closed) popup.focus();
}

/** The overlay's close x: the popup stays open and is still watched. */
export function hidePurchaseOverlay() {
  purchaseState.overlay = false;
}
