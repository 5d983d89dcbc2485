/**
 * Unread mail and greeting mail counts, read once when a member's menu shows, then kept by the
 * socket's imLady/sendEmfNotice and imLady/sendLoiNotice and by reading. The post stamp notice
 * updates the header's balance.
 */
import { proxy } from 'valtio';
import {
  MailApi,
  MailEvent,
  type MailNotice,
  type PoststampNotice,
  type UnreadNum,
} from '../../../protocol/mail/mail-api';
import { call } from '../../api/http';
import { realtime } from '../../realtime';
import { balancesState } from '../../state/balances';

// The two counts' calls live here, not in ./api.ts: every page's badge reads them, not the mail pages' code.
const getEmfUnreadNum = () => call<UnreadNum>(MailApi.getEmfUnreadNum);
const getLoiUnreadNum = () => call<UnreadNum>(MailApi.getLoiUnreadNum);

export const mailState = proxy({ emf: 0, loi: 0, /** Bumped by a notice: open lists reload. */ arrivals: 0 });

export async function refreshUnread(): Promise<void> {
  const [emf, loi] = await Promise.all([getEmfUnreadNum(), getLoiUnreadNum()]);
  mailState.emf = emf.num;
  mailState.loi = loi.num;
}

/** Subscribes to the mail notices; returns the unsubscribe. */
export function listenForMail(): () => void {
  const offs = [
    realtime.on<MailNotice>(MailEvent.emfNotice, (n) => {
      mailState.emf = n.num;
      mailState.arrivals++;
    }),
    realtime.on<MailNotice>(MailEvent.loiNotice, (n) => {
      mailState.loi = n.num;
      mailState.arrivals++;
    }),
    realtime.on<PoststampNotice>(MailEvent.poststamp, (n) => {
      balancesState.poststamp = n.poststamp;
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** After a payment: the header shows the new balances at once. */
export function applyBalances(money: { credit: number; poststamp: number }) {
  balancesState.credit = money.credit;
  balancesState.poststamp = money.poststamp;
}
