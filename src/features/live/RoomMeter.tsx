import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LiveEvent, LiveText, type RoomSpentNotice } from '../../../protocol/live/live';
import { moneyLabel } from '../../../protocol/money';
import { realtime } from '../../realtime';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';

/**
 * Time in the room and, in a paid room, the price, what it has cost so far and his balance. "Spent"
 * is the server's figure from the ledger (RoomSpentNotice: the paid minutes and a hold or deposit
 * that paid ahead), sent with the balance after the same charge, so the two never disagree; a
 * warning when the balance runs low.
 */
export function RoomMeter({
  roomId,
  creditPerMinute,
  prepaidMinutes,
  voucher = false,
  spentAtEntry = 0,
}: {
  roomId: string;
  creditPerMinute: number;
  prepaidMinutes: number;
  voucher?: boolean;
  spentAtEntry?: number;
}) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  const [spent, setSpent] = useState(spentAtEntry);
  useEffect(
    () =>
      realtime.on<RoomSpentNotice>(LiveEvent.roomSpent, (notice) => {
        if (notice.room_id !== roomId) return;
        setSpent(notice.spent);
        if (typeof notice.credit === 'number') balancesState.credit = notice.credit;
      }),
    [roomId],
  );
  const balances = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - started) / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const money = (credit: number) => moneyLabel(credit, words, multiplier);
  return (
    <div className="live-meter" data-testid="live-meter">
      <span>
        In the room <time>{clock}</time>
      </span>
      {creditPerMinute > 0 ? (
        <>
          <span>{money(creditPerMinute)} a minute</span>
          <span data-testid="live-spent" data-spent={spent}>
            Spent {money(spent)}
          </span>
          <span>Balance {money(balances.credit)}</span>
          {voucher && (
            <span data-testid="live-voucher">A voucher pays your first {prepaidMinutes} minutes</span>
          )}
        </>
      ) : (
        <span>Free to watch</span>
      )}
      {/* The shell's flag, set by lackOfCreditNotice: it may arrive before this room has rendered. */}
      {balances.lowCredit && creditPerMinute > 0 && (
        <p role="alert" className="live-warning">
          {LiveText.creditWillLack} <AddCreditsLink clickFrom={ClickFrom.liveLow} className="btn btn-small" />
        </p>
      )}
    </div>
  );
}
