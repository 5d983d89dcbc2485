/**
 * A virtual gift with a letter: the composer's field (the room gifts' picker, then the chosen gift
 * with what pays it and Remove), the price confirmation before the send moves any money, and the
 * gift as the letter shows it (his sent mail, her mail list).
 */
import type { LetterGift } from '../../../protocol/mail/mail';
import type { RoomGiftOption } from '../../../protocol/room-gifts/room-gifts';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { PaymentConfirm } from '../../app/popups/PaymentConfirm';
import { GiftPicker } from '../live/RoomGifts';

export interface ChosenGift {
  gift: RoomGiftOption;
  num: number;
}

/** What his credits pay: his backpack's gifts of that kind go first. */
export function giftPays(c: ChosenGift) {
  const fromBackpack = Math.min(c.gift.held, c.num);
  const fromCredits = c.num - fromBackpack;
  return { fromBackpack, fromCredits, amount: Math.round(fromCredits * c.gift.credit * 100) / 100 };
}

export function LetterGiftField({
  anchorId,
  chosen,
  picking,
  onPick,
  onChange,
}: {
  /** Her id once known; the picker needs it (her limited gifts, his Intimacy with her). */
  anchorId: string;
  chosen: ChosenGift | null;
  picking: boolean;
  onPick(open: boolean): void;
  onChange(chosen: ChosenGift | null): void;
}) {
  const money = useMoneyLabelOf();
  const pays = chosen && giftPays(chosen);
  return (
    <fieldset className="compose-gift" data-testid="compose-gift">
      <legend>Virtual gift (optional)</legend>
      {chosen && pays ? (
        <p className="compose-gift-chosen">
          <img src={chosen.gift.small_imgurl} alt="" width={32} height={32} />
          <span data-testid="compose-gift-chosen">
            {chosen.num} × {chosen.gift.name}:{' '}
            {pays.fromBackpack > 0 ? `${pays.fromBackpack} from your backpack` : ''}
            {pays.fromBackpack > 0 && pays.fromCredits > 0 ? ' and ' : ''}
            {pays.fromCredits > 0 ? money(pays.amount) : ''}
          </span>{' '}
          <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange(null)}>
            Remove
          </button>
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!anchorId}
          onClick={() => onPick(true)}
          data-testid="compose-gift-add"
        >
          Add a gift
        </button>
      )}
      {!anchorId && <p className="muted">Choose the broadcaster first.</p>}
      {picking && anchorId && (
        <GiftPicker
          anchorId={anchorId}
          onCancel={() => onPick(false)}
          onChoose={(gift, num) => {
            onChange({ gift, num });
            onPick(false);
          }}
        />
      )}
    </fieldset>
  );
}

/** The price confirmation of a letter with a gift: nothing moves before Confirm. */
export function LetterGiftConfirm({
  chosen,
  nickname,
  mailCost,
  busy,
  onConfirm,
  onCancel,
}: {
  chosen: ChosenGift;
  nickname: string;
  mailCost: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const money = useMoneyLabelOf();
  const { fromBackpack, fromCredits, amount } = giftPays(chosen);
  const { gift, num } = chosen;
  const pays =
    fromBackpack === 0
      ? `The gift: ${num} × ${money(gift.credit)} from your credits.`
      : fromCredits === 0
        ? `The gift: ${fromBackpack} ${gift.name} from your backpack, no credits.`
        : `The gift: ${fromBackpack} ${gift.name} from your backpack and ${fromCredits} × ${money(gift.credit)} from your credits.`;
  return (
    <PaymentConfirm
      testId="letter-gift-confirm"
      confirmTestId="letter-gift-ok"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      charge={{
        title: 'Send the mail with a gift',
        what: `${num} ${gift.name} for ${nickname || 'her'} with your mail.`,
        amount,
        covered: fromCredits === 0,
        confirmLabel: 'Send',
        note: `${pays} The mail itself: ${mailCost}.`,
      }}
    />
  );
}

/** The gift a letter carries, as the letter shows it. */
export function LetterGiftLine({ gift }: { gift: LetterGift }) {
  return (
    <p className="letter-gift" data-testid="letter-gift">
      <img src={gift.small_imgurl} alt="" width={28} height={28} /> Gift: {gift.num} × {gift.name}
    </p>
  );
}
