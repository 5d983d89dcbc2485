/** "Premium room · 0.05 credits a minute": on every card, profile and list that offers her premium room. */
import { PREMIUM_CREDIT_PER_MINUTE } from '../../../protocol/constants';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import './premium-price.css';

export function PremiumPrice({ className }: { className?: string }) {
  const money = useMoneyLabelOf();
  return (
    <p className={`premium-price ${className ?? ''}`} data-testid="premium-price">
      Premium room · {money(PREMIUM_CREDIT_PER_MINUTE)} a minute
    </p>
  );
}
