/**
 * Before a premium room takes anything: its price a minute and what pays it — a broadcast voucher
 * first (its minutes), then credits — in the one price confirmation every paid action uses.
 */
import type { RoomPrice } from '../../../protocol/live/live';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { PaymentConfirm } from '../../app/popups/PaymentConfirm';

export function RoomPriceConfirm({
  price,
  anchorId,
  onConfirm,
  onCancel,
}: {
  price: RoomPrice;
  /** Whose room: what Add credits remembers, so the room asks again when he is back. */
  anchorId: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const money = useMoneyLabelOf();
  const each = money(price.credit_per_minute);
  return (
    <PaymentConfirm
      testId="room-price-confirm"
      confirmTestId="room-price-ok"
      onConfirm={onConfirm}
      onCancel={onCancel}
      // Back from an in-place checkout the page reloads into this confirmation: it is the offer.
      resume={{ kind: 'premium-room', label: 'Enter the premium room', params: { anchorId } }}
      charge={{
        title: 'Enter a premium room',
        what: `A premium room: ${each} a minute, each minute paid as it starts.`,
        amount: price.credit_per_minute,
        covered: price.voucher === 1,
        confirmLabel: 'Enter the room',
        note:
          price.voucher === 1
            ? `Paid by one of your broadcast vouchers for the first ${price.voucher_minutes} minutes, then ${each} a minute from your credits.`
            : `Paid from your credits: ${each} now, then ${each} at the start of each further minute.`,
      }}
    />
  );
}
