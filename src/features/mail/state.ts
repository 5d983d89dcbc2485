/**
 * Unread mail and greeting mail counts, read once when a member's menu shows, then kept by the
 * socket's imLady/sendEmfNotice and imLady/sendLoiNotice and by reading. The post stamp notice
 * updates the header's balance.
 */
import { proxy } from 'valtio';
import { MailEvent, type MailNotice, type PoststampNotice } from '../../../protocol/mail/mail';
import { realtime } from '../../realtime';
import { balancesState } from '../../state/balances';
import { getEmfUnreadNum, getLoiUnreadNum } from './api';

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
