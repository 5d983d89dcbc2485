/**
 * A member's Gifts in a broadcaster's room: the picker (the catalogue with pictures and prices,
 * what his backpack holds of each, the limited gifts locked with the reason), a quantity, then the
 * one price confirmation naming what pays: his backpack's gifts of that kind first, the rest from
 * his credits. One key per confirmation: a double click or a retry gives once. The header's balance
 * follows the answer, which is what the ledger took.
 */

import { useCallback, useRef, useState } from 'react';
import {
  ROOM_GIFT_NUMS,
  type RoomGiftOption,
  type RoomGiftSent,
  RoomGiftTexts,
} from '../../../protocol/room-gifts/room-gifts';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { Modal } from '../../app/popups/Modal';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { PaymentConfirm } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import { getRoomGiftOptions, sendRoomGift } from './room-gifts-api';
import './room-gifts.css';

const newKey = () => `rg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

type Step = { at: 'closed' } | { at: 'picking' } | { at: 'confirming'; gift: RoomGiftOption; num: number };

export function RoomGifts({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const [step, setStep] = useState<Step>({ at: 'closed' });
  const [sent, setSent] = useState<RoomGiftSent | null>(null);
  return (
    <div className="room-gifts">
      <button
        type="button"
        className="btn"
        data-testid="room-gifts-open"
        onClick={() => {
          setSent(null);
          setStep({ at: 'picking' });
        }}
      >
        {RoomGiftTexts.button}
      </button>
      {sent && (
        <p role="status" className="muted" data-testid="room-gift-sent">
          You sent {sent.num} {sent.name}.
        </p>
      )}
      {step.at === 'picking' && (
        <GiftPicker
          anchorId={anchorId}
          onCancel={() => setStep({ at: 'closed' })}
          onChoose={(gift, num) => setStep({ at: 'confirming', gift, num })}
        />
      )}
      {step.at === 'confirming' && (
        <GiftConfirm
          anchorId={anchorId}
          nickname={nickname}
          gift={step.gift}
          num={step.num}
          onCancel={() => setStep({ at: 'picking' })}
          onSent={(answer) => {
            setSent(answer);
            setStep({ at: 'closed' });
          }}
        />
      )}
    </div>
  );
}

/** The catalogue picker with a quantity (also used for a gift with a letter). */
export function GiftPicker({
  anchorId,
  onCancel,
  onChoose,
}: {
  anchorId: string;
  onCancel(): void;
  onChoose(gift: RoomGiftOption, num: number): void;
}) {
  const load = useCallback(() => getRoomGiftOptions(anchorId), [anchorId]);
  const [state, retry] = useRequest(load, `room-gifts-${anchorId}`);
  const [chosen, setChosen] = useState('');
  const [num, setNum] = useState<number>(1);
  const money = useMoneyLabelOf();
  const gift = state.status === 'ready' ? state.data.list.find((g) => g.giftid === chosen) : undefined;
  return (
    <Modal
      title={RoomGiftTexts.pickerTitle}
      testId="room-gift-picker"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="room-gift-next"
            disabled={!gift}
            onClick={() => gift && onChoose(gift, num)}
          >
            Continue
          </button>
        </>
      }
    >
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && <p>No gifts are offered at the moment.</p>}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <>
          <ul className="room-gift-grid">
            {state.data.list.map((g) => (
              <li key={g.giftid}>
                <button
                  type="button"
                  className="room-gift-choice"
                  aria-pressed={g.giftid === chosen}
                  disabled={g.locked === 1}
                  data-testid="room-gift-choice"
                  data-giftid={g.giftid}
                  onClick={() => setChosen(g.giftid)}
                >
                  <img src={g.small_imgurl} alt="" width={48} height={48} loading="lazy" />
                  <span>{g.name}</span>
                  <small>{money(g.credit)}</small>
                  {g.held > 0 && <small>{RoomGiftTexts.inBackpack(g.held)}</small>}
                  {g.locked === 1 && <small>{RoomGiftTexts.locked(g.intimacy_level)}</small>}
                </button>
              </li>
            ))}
          </ul>
          <label className="room-gift-quantity">
            <span>{RoomGiftTexts.quantity}</span>
            <select value={num} onChange={(e) => setNum(Number(e.target.value))} data-testid="room-gift-num">
              {ROOM_GIFT_NUMS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </Modal>
  );
}

function GiftConfirm({
  anchorId,
  nickname,
  gift,
  num,
  onCancel,
  onSent,
}: {
  anchorId: string;
  nickname: string;
  gift: RoomGiftOption;
  num: number;
  onCancel(): void;
  onSent(answer: RoomGiftSent): void;
}) {
  const money = useMoneyLabelOf();
  // Made once for this confirmation: every press of Confirm (and a retry after an error) sends it.
  const key = useRef(newKey());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const fromBackpack = Math.min(gift.held, num);
  const fromCredits = num - fromBackpack;
  const amount = Math.round(fromCredits * gift.credit * 100) / 100;
  const pays =
    fromBackpack === 0
      ? `Paid from your credits: ${num} × ${money(gift.credit)}.`
      : fromCredits === 0
        ? `Paid by ${fromBackpack} ${gift.name} from your backpack: no credits are taken.`
        : `Paid by ${fromBackpack} ${gift.name} from your backpack, and ${fromCredits} × ${money(gift.credit)} from your credits.`;
  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const answer = await sendRoomGift({
        anchor_id: anchorId,
        gift_id: gift.giftid,
        num,
        key: key.current,
        use_backpack: 1,
      });
      balancesState.credit = answer.credit;
      onSent(answer);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <PaymentConfirm
      testId="room-gift-confirm"
      confirmTestId="room-gift-ok"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      charge={{
        title: 'Send a gift',
        what: `${num} ${gift.name} for ${nickname}: everyone in the room sees it.`,
        amount,
        covered: fromCredits === 0,
        confirmLabel: 'Send the gift',
        note: pays,
      }}
    >
      {error && <p role="alert">{error}</p>}
    </PaymentConfirm>
  );
}
