/**
 * What he was doing when his credits ran short, kept across an in-place checkout (a phone, the
 * installed app): the page he tried it on is gone while he pays, so the action (its kind, what it
 * needs to be asked again, and the page) waits in sessionStorage. Paid, the add-credit page takes
 * him back there and the page offers to finish it: it asks again with the price (ContinueOffer, or
 * the confirmation itself), so no money moves without that confirmation.
 */
import { openPurchase, type PurchaseOptions } from './purchase';

/**
 * Opens the add-credit page, and when it opens in place (this page is left) keeps `action` to be
 * offered again. location.assign only starts the navigation, so this page's URL is still his.
 */
export function purchaseFor(action: PendingAction | undefined, options: PurchaseOptions) {
  const route = window.location.href;
  if (openPurchase(options) === 'in-place' && action) rememberPendingAction(action, route);
}

/** An action a page knows how to ask for again. */
export interface PendingAction {
  /** Which page's action: e.g. 'show-ticket', 'premium-room' (the page that registers it knows). */
  kind: string;
  /** What he was doing, in a few words: "Ticket for Morning coffee". */
  label: string;
  /** What the page needs to ask again (a show's id). */
  params: Record<string, string>;
}

interface Stored extends PendingAction {
  /** The page he was on (this site's address). */
  route: string;
  at: number;
  /** The order was paid: the page may offer to continue. */
  paid: boolean;
}

const KEY = 'glimmer.pendingAction';
/** An action older than this is no longer what he is doing. */
export const PENDING_ACTION_MAX_AGE_MS = 60 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage where it can be used (private modes may refuse it): without it, nothing waits. */
function store(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(storage: Store | null, now: number): Stored | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    const fresh = typeof stored.at === 'number' && now - stored.at < PENDING_ACTION_MAX_AGE_MS;
    return fresh && typeof stored.kind === 'string' && typeof stored.route === 'string' ? stored : null;
  } catch {
    return null;
  }
}

function write(storage: Store | null, stored: Stored) {
  try {
    storage?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused: he comes back to the page and asks again himself.
  }
}

/** He is leaving for the checkout in place: remember the action and the page. */
export function rememberPendingAction(
  action: PendingAction,
  route = window.location.href,
  storage = store(),
  now = Date.now(),
) {
  write(storage, { ...action, route, at: now, paid: false });
}

/**
 * The order was paid: marks the action paid and answers its page, where he goes back to; '' when
 * no action waits (or it was already marked: the result page shown again must not send him off).
 */
export function settlePendingAction(storage = store(), now = Date.now()): string {
  const stored = read(storage, now);
  if (!stored || stored.paid) return '';
  write(storage, { ...stored, paid: true });
  return stored.route;
}

/** The paid action of this kind, if one waits. */
export function paidPendingAction(kind: string, storage = store(), now = Date.now()): PendingAction | null {
  const stored = read(storage, now);
  if (!stored?.paid || stored.kind !== kind) return null;
  return { kind: stored.kind, label: stored.label, params: stored.params ?? {} };
}

/**
 * He came back to a page of this kind without paying (Not now, a cancelled checkout): the action
 * no longer waits. A paid one stays for the offer.
 */
export function dropUnpaidAction(kind: string, storage = store(), now = Date.now()) {
  const stored = read(storage, now);
  if (stored && !stored.paid && stored.kind === kind) forgetPendingAction(storage);
}

export function forgetPendingAction(storage = store()) {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** Same action: same kind and the same params. */
export const sameAction = (a: PendingAction, b: PendingAction) =>
  a.kind === b.kind && JSON.stringify(a.params) === JSON.stringify(b.params);
