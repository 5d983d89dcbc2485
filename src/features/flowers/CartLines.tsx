/** A broadcaster's cart lines with quantity steppers (the cart page) or read-only (checkout). */
import { CART_LINE_MAX, type CartLine } from '../../../protocol/flowers/flowers';
import { Price } from './FlowerNav';

export function CartLines({
  lines,
  busy = false,
  onSet,
}: {
  lines: readonly CartLine[];
  busy?: boolean;
  /** Sets a line's quantity (0 removes it); absent: read-only. */
  onSet?: (itemId: string, num: number) => void;
}) {
  return (
    <ul className="flower-lines">
      {lines.map((l) => (
        <li key={l.item_id} className="flower-line" data-testid="flower-line" data-item={l.item_id}>
          <img src={l.small_imgurl} alt="" width={48} height={48} />
          <span className="flower-line-name">
            <strong>{l.name}</strong>
            <span className="muted">
              <Price amount={l.credit} /> each
            </span>
          </span>
          {onSet ? (
            <span className="flower-stepper">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`One less ${l.name}`}
                disabled={busy}
                onClick={() => onSet(l.item_id, l.num - 1)}
              >
                −
              </button>
              <output aria-label={`${l.name} quantity`} data-testid="flower-line-num">
                {l.num}
              </output>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`One more ${l.name}`}
                disabled={busy || l.num >= CART_LINE_MAX}
                onClick={() => onSet(l.item_id, l.num + 1)}
              >
                +
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={`Remove ${l.name}`}
                disabled={busy}
                onClick={() => onSet(l.item_id, 0)}
              >
                Remove
              </button>
            </span>
          ) : (
            <span className="flower-line-num">× {l.num}</span>
          )}
          <strong className="flower-line-sub">
            <Price amount={l.subtotal} />
          </strong>
        </li>
      ))}
    </ul>
  );
}
