import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { BILLING_MINUTE_MS, LiveText } from '../../../protocol/live';
import { moneyLabel } from '../../../protocol/money';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';

/**
 * Time in the room and, in a paid room, the price, what it has cost so far (each started minute)
 * and his balance, which the server's credit notices keep current; a warning when it runs low.
 */
export function RoomMeter({
  creditPerMinute,
  prepaidMinutes,
  voucher = false,
}: {
  creditPerMinute: number;
  prepaidMinutes: number;
  voucher?: boolean;
}) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  const balances = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - started) / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  // Minutes paid beforehand (a booking's deposit, a request's hold) are not spent here again.
  const minutes = Math.max(0, Math.floor((now - started) / BILLING_MINUTE_MS) + 1 - prepaidMinutes);
  const money = (credit: number) => moneyLabel(credit, words, multiplier);
  return (
    <div className="live-meter" data-testid="live-meter">
      <span>
        In the room <time>{clock}</time>
      </span>
      {creditPerMinute > 0 ? (
        <>
          <span>{money(creditPerMinute)} a minute</span>
          <span data-testid="live-spent">Spent {money(minutes * creditPerMinute)}</span>
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
