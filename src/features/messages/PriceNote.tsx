/** The member's composer line: free messages left with her and what the next one costs. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { userState } from '../../state/user';
import { priceNoteText } from './price-note';
import { messagesState, refreshIntimacy } from './store';

export function PriceNote({
  anchorId,
  name,
  fetch = false,
}: {
  anchorId: string;
  name?: string;
  fetch?: boolean;
}) {
  const { prices } = useSnapshot(messagesState);
  const isMember = useSnapshot(userState).me?.role === 'man';
  const money = useMoneyLabelOf();
  // The open conversation asks already; the popup asks for itself.
  useEffect(() => {
    if (fetch && isMember) void refreshIntimacy(anchorId);
  }, [fetch, isMember, anchorId]);
  const price = prices[anchorId];
  if (!isMember || !price) return null;
  return (
    <p
      className={`pm-price${price.freeLeft <= 0 ? ' pm-price-paid' : ''}`}
      data-testid="pm-price"
      data-free-left={price.freeLeft}
    >
      {priceNoteText(price, money, name || 'her')}
    </p>
  );
}
