/** What an offer pop says: the holiday's percent, her birthday's '$N OFF', or flowers for her. */
import { Link } from '@tanstack/react-router';
import { FlowerPaths } from '../../../protocol/flowers/flowers';
import { BIRTHDAY_OFF_MIN_ORDER, DISCOUNT_STEP, type DiscountInfo } from '../../../protocol/offers/offers';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import type { OfferKind } from './pick';

export function offerTitle(kind: OfferKind, info: DiscountInfo, nickname: string): string {
  if (kind === 'holiday') return info.holiday_name || 'Holiday offer';
  if (kind === 'birthday') return info.birthday_tip === 2 ? "It's her Birthday" : 'Birthday is Coming Soon';
  return `Send ${nickname} flowers`;
}

const endDay = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

export function OfferBody({
  kind,
  info,
  nickname,
}: {
  kind: OfferKind;
  info: DiscountInfo;
  nickname: string;
}) {
  const minOrder = useMoneyLabel(BIRTHDAY_OFF_MIN_ORDER);
  if (kind === 'holiday')
    return (
      <p data-testid="offer-text">
        <strong className="offer-big">{info.discount}% OFF</strong>{' '}
        {info.step === DISCOUNT_STEP.on
          ? `flowers and gifts for ${nickname}, until ${endDay(info.end_time)}.`
          : `flowers and gifts for ${nickname}: starting soon.`}
      </p>
    );
  if (kind === 'birthday')
    return (
      <p data-testid="offer-text">
        <strong className="offer-big">${info.birthday_off} OFF</strong> flowers and gifts for {nickname}'s
        birthday, on orders of {minOrder} or more.
      </p>
    );
  return <p data-testid="offer-text">Real flowers and gifts, delivered to her door with your card.</p>;
}

export function SendFlowersLink({ anchorId, onClick }: { anchorId: string; onClick: () => void }) {
  return (
    <Link
      to={FlowerPaths.store}
      search={{ id: anchorId }}
      className="btn btn-primary"
      onClick={onClick}
      data-testid="offer-send-flowers"
    >
      Send flowers
    </Link>
  );
}
